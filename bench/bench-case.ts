/** One benchmark: what it is, how big its input is (shown in the table), and the work to time. */
export interface BenchCase {
  group: string;
  name: string;
  /** input size in bytes, when the case has a file-like input */
  inputBytes?: number;
  /** a short note on the input for the table, e.g. "10,000 messages" */
  input: string;
  run: () => unknown;
}
