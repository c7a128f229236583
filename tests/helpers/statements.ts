// The SQL statements a piece of code sends to PostgreSQL, with their parameters, through either driver
// (server/db/client.ts): Prisma's (pg, captured at pg's Client#query) and the statements' (postgres.js,
// read from the trace lines statementRows writes).
import { Client as PgClient } from "pg";
import { statementLog } from "@/server/db/client";
import { captureLog } from "./log";

export type Statement = { text: string; values: unknown[] };

export async function captureStatements<T>(run: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  const spy = jest.spyOn(PgClient.prototype, "query");
  const log = captureLog();
  const level = statementLog.level;
  statementLog.level = "trace";
  try {
    const result = await run();
    const fromPg = spy.mock.calls.flatMap(([config, values]): Statement[] => {
      if (typeof config === "string") return [{ text: config, values: (values as unknown[]) ?? [] }];
      const c = config as { text?: string; values?: unknown[] };
      return c.text ? [{ text: c.text, values: c.values ?? [] }] : [];
    });
    const fromStatements = log.lines
      .filter((line) => line.scope === "db.statements" && typeof line.statement === "string")
      .map((line) => ({ text: line.statement as string, values: (line.values as unknown[]) ?? [] }));
    return { result, statements: [...fromPg, ...fromStatements] };
  } finally {
    statementLog.level = level;
    log.restore();
    spy.mockRestore();
  }
}
