import { readEnv } from "../env/read-env";

/**
 * LAB_REDACT_ON_UPLOAD: `1` or `true` redacts every credential an upload holds before it is stored (messages and raw
 * file alike), so the lab never keeps one; default off (the findings are stored and shown, and redaction is one
 * click). Read per upload (through the environment schema), so it can change without a rebuild.
 */
export function redactOnUpload(): boolean {
  return readEnv().LAB_REDACT_ON_UPLOAD;
}
