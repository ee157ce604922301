import { noneStrategy } from "./none";
import type { AnyStrategy } from "./strategy";

/** Every strategy by id. Adding a strategy = its file + one line here (see strategy.ts). */
export const strategiesById: Readonly<Record<string, AnyStrategy>> = {
  [noneStrategy.id]: noneStrategy,
};

/** Every strategy, in registry order. */
export const strategies: readonly AnyStrategy[] = Object.values(strategiesById);

/** The strategy with this id, or undefined. */
export function findStrategy(id: string): AnyStrategy | undefined {
  return Object.hasOwn(strategiesById, id) ? strategiesById[id] : undefined;
}
