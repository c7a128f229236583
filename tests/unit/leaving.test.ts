import { leaveOpenScreens, whileOpen } from "@/lib/api/leaving";

// lib/api/leaving.ts: logout runs the open screens' releases while the session is valid (the e2e
// "logging out from the desk" proves the journey; these, the registry's own rules).

describe("leaveOpenScreens", () => {
  it("runs every open screen's release and waits for their answers", async () => {
    const ran: string[] = [];
    const forgetA = whileOpen(async () => void ran.push("a"));
    const forgetB = whileOpen(() => new Promise<void>((resolve) => setImmediate(() => (ran.push("b"), resolve()))));
    await leaveOpenScreens();
    expect(ran.sort()).toEqual(["a", "b"]);
    forgetA();
    forgetB();
  });

  it("leaves out a screen that has closed", async () => {
    const release = jest.fn(async () => undefined);
    const forget = whileOpen(release);
    forget();
    await leaveOpenScreens();
    expect(release).not.toHaveBeenCalled();
  });

  it("a release that fails does not stop the others", async () => {
    const ran = jest.fn(async () => undefined);
    const forgetA = whileOpen(() => Promise.reject(new Error("503")));
    const forgetB = whileOpen(ran);
    await expect(leaveOpenScreens()).resolves.toBeUndefined();
    expect(ran).toHaveBeenCalledTimes(1);
    forgetA();
    forgetB();
  });

  it("does not wait past its bound for a server that does not answer", async () => {
    jest.useFakeTimers();
    try {
      const forget = whileOpen(() => new Promise<void>(() => undefined)); // never answered
      let done = false;
      const leaving = leaveOpenScreens(3000).then(() => (done = true));
      await jest.advanceTimersByTimeAsync(2999);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await leaving;
      expect(done).toBe(true);
      forget();
    } finally {
      jest.useRealTimers();
    }
  });
});
