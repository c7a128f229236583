// What the server logs during a test (server/log.ts writes one JSON line per entry to process.stdout):
// captured, parsed, and kept out of the test's output. Anything else written to stdout passes through.

export type LogLine = { level: number; scope?: string; msg: string } & Record<string, unknown>;

export function captureLog(): { lines: LogLine[]; restore: () => void } {
  const lines: LogLine[] = [];
  const write = process.stdout.write.bind(process.stdout) as (...args: unknown[]) => boolean;
  const spy = jest.spyOn(process.stdout, "write").mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
    const text = String(chunk);
    if (!text.startsWith("{")) return write(chunk, ...rest);
    for (const line of text.split("\n")) if (line) lines.push(JSON.parse(line) as LogLine);
    return true;
  }) as typeof process.stdout.write);
  return { lines, restore: () => spy.mockRestore() };
}
