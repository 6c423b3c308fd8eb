/**
 * The contract's zod schemas as the engine uses them: to read the server's answers (the envelope,
 * pull pages, push results, each kind's answer) and to put a change's body in the school's stored
 * form. They are not needed to read the mirror, so they load apart from the engine, on the first
 * change, push or pull (`loadContract()`; the engine also asks for them once it starts, after the
 * first screen) rather than with the code a cold start evaluates before its first screen
 * (docs/decisions.md "Cold start"). Every answer is still parsed before it touches the mirror.
 *
 * Kinds name a schema with `lazy(pick)`: an object that stands for `pick(contract)` once the
 * contract is loaded and throws before. Everything that calls a kind awaits `loadContract()` first
 * (outbox.ts recordMutation, pusher.ts pushPhase, puller.ts pullPhase).
 */
import type * as ContractSchemas from './contract-schemas';

export type Contract = typeof ContractSchemas;

let loaded: Contract | undefined;
let loading: Promise<Contract> | undefined;

/** Loads the contract's schemas (once; later calls answer at once). */
export function loadContract(): Promise<Contract> {
  loading ??= import('./contract-schemas').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether `loadContract()` has finished (then `contract()` answers). */
export function contractLoaded(): boolean {
  return loaded !== undefined;
}

/** The loaded contract; throws when `loadContract()` has not finished. */
export function contract(): Contract {
  if (!loaded) throw new Error("The contract's schemas are not loaded: await loadContract() before calling a kind");
  return loaded;
}

/**
 * An object (a schema, a set of paths) that stands for `pick(contract())`, made on first use and
 * kept. Property reads go to it; its methods are bound to it.
 */
export function lazy<T extends object>(pick: (contract: Contract) => T): T {
  let target: T | undefined;
  const resolve = () => (target ??= pick(contract()));
  return new Proxy({} as T, {
    get(_stub, property) {
      const real = resolve();
      const value: unknown = Reflect.get(real, property, real);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(real) : value;
    },
    has: (_stub, property) => Reflect.has(resolve(), property),
  });
}

/** A record resource's write answers (contract/revisions.ts `recordWriteAnswers`), each made on first use. */
export function lazyWriteAnswers<T extends { create: object; update: object; remove: object }>(pick: (contract: Contract) => T): T {
  let answers: T | undefined;
  const resolve = (loaded: Contract) => (answers ??= pick(loaded));
  return {
    create: lazy((loaded) => resolve(loaded).create),
    update: lazy((loaded) => resolve(loaded).update),
    remove: lazy((loaded) => resolve(loaded).remove),
  } as T;
}
