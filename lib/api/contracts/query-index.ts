import { z } from "zod";

/**
 * The largest value a 32-bit integer column holds (PostgreSQL `integer`, what Prisma's `Int` maps to). A query
 * parameter compared with such a column (a message cursor, a step, a pick) past it is refused as a 400 by the
 * schema: PostgreSQL would fail the query ("value out of range for type integer") and the client would see a 500.
 */
export const INT4_MAX = 2_147_483_647;

/** A whole number ≥ 0 read from a query string, at most {@link INT4_MAX}. */
export const queryIndex = () => z.coerce.number().int().min(0).max(INT4_MAX);
