import type { UploadStage } from "../api/contracts/upload-stage-schemas";

const count = (value: number) => value.toLocaleString("en-US");

/**
 * What the upload bar says once every byte has been sent, and how full it is: the server reads the file (no finer
 * progress: the parse is one step; the seconds it has taken so far say it is alive), scans its messages for
 * credentials, then stores them batch by batch (a share). `percent` is null while there is no share to show.
 */
export function uploadStageLabel(stage: UploadStage | null, seconds: number): { text: string; percent: number | null } {
  const elapsed = seconds >= 2 ? ` · ${Math.floor(seconds)} s` : "";
  if (!stage) return { text: `Uploaded; waiting for the server…${elapsed}`, percent: null };
  switch (stage.stage) {
    case "parsing":
      return { text: `Reading the file on the server…${elapsed}`, percent: null };
    case "scanning":
      return { text: `Read ${count(stage.messages)} ${stage.messages === 1 ? "message" : "messages"} (${stage.format}); scanning for credentials…${elapsed}`, percent: null };
    case "storing":
      return {
        text: `Storing messages: ${count(stage.stored)} of ${count(stage.messages)}${elapsed}`,
        percent: stage.messages > 0 ? Math.min(100, Math.round((stage.stored / stage.messages) * 100)) : 100,
      };
  }
}
