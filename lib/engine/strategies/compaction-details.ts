import type { EvidenceLedger } from "./evidence/ledger";
import type { OpenError } from "./keeper/unresolved-errors";
import type { UserWords } from "./keeper/user-words";

/** Structured data a compaction records beside its summary text and hands to the next one (seed 001's `details`). */
export interface CompactionDetails {
  /** files read (and not modified) by the summarized messages, cumulative over compactions, sorted */
  readFiles: readonly string[];
  /** files written or edited, cumulative, sorted */
  modifiedFiles: readonly string[];
  /** the `evidence` strategy's ledger: structured facts carried from one compaction to the next */
  evidence?: EvidenceLedger;
  /** the `keeper` strategy's open tasks: the newest task list's items not done, carried until a newer list replaces them */
  openTasks?: readonly string[];
  /** the `keeper` strategy's user messages kept verbatim, carried from one compaction to the next */
  userWords?: readonly UserWords[];
  /** the `keeper` strategy's error lines not yet resolved, with the commands and files a later success resolves them by */
  openErrors?: readonly OpenError[];
}
