import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A react-hook-form resolver whose rules (zod, the contract's schemas and the zod resolver) are fetched
 * on first use instead of with the page: `preload()` once the form shows, so they are there before the
 * first submit. A failed fetch is tried again at the next submit.
 */
export function lazyResolver<T extends FieldValues, C = unknown>(load: () => Promise<Resolver<T, C>>) {
  let pending: Promise<Resolver<T, C>> | null = null;
  const get = () =>
    (pending ??= load().catch((failure: unknown) => {
      pending = null;
      throw failure;
    }));
  const resolver: Resolver<T, C> = async (values, context, options) => (await get())(values, context, options);
  const preload = () => void get().catch(() => undefined);
  return { resolver, preload };
}
