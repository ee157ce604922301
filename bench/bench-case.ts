/** One benchmark: what it is, how big its input is (shown in the table), and the work to time. */
export interface BenchCase {
  group: string;
  name: string;
  /** input size in bytes, when the case has a file-like input */
  inputBytes?: number;
  /** a short note on the input for the table, e.g. "10,000 messages" */
  input: string;
  /** the work to time; a returned promise is awaited inside the timing */
  run: () => unknown;
  /** fewer timed runs than --runs for a slow case (each takes seconds) */
  maxRuns?: number;
}
