/**
 * The results of an upload route's `early` work (a photo decoded as soon as its data URL has arrived),
 * by the string they were started on: the verb that ingests takes each one instead of starting again.
 */
export type EarlyWork = { take: (value: string) => Promise<unknown> | undefined };
