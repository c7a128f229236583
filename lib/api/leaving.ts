// What an open screen holds on the server (a presence, categorization claims, the contabilization
// lease) is let go when the screen is left (lib/api/leave-screen.ts). Logging out is a way of leaving
// every screen at once, but the screens unmount only after the session has ended, when their calls
// can no longer authenticate: the presence stayed, and the lease kept the client busy for every other
// operator until it ran out (15 s). So each open screen registers its release here, and logout runs
// them while the session is still valid. No react-query here: the login page imports logout's module.

type Release = () => Promise<void>;

const releases = new Set<Release>();

/** Registers `release` until the returned function is called (the screen unmounts). */
export function whileOpen(release: Release): () => void {
  releases.add(release);
  return () => void releases.delete(release);
}

/**
 * Runs every open screen's release, and waits for their answers for at most `withinMs`: a server that
 * does not answer must not hold the logout (what is held runs out by itself).
 */
export async function leaveOpenScreens(withinMs = 3000): Promise<void> {
  if (releases.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)));
  try {
    await Promise.race([Promise.allSettled([...releases].map((release) => release())), bound]);
  } finally {
    clearTimeout(timer);
  }
}
