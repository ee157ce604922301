import type { ApiErrorBody } from "@/lib/client/api-request-error";

/**
 * An API error exactly as the API gave it: the message, then each listed issue with its line or JSON path,
 * and how many more were found than listed.
 */
export function ApiErrorView({ error, testId, title }: { error: ApiErrorBody; testId?: string; title?: string }) {
  const issues = error.issues ?? [];
  const unlisted = (error.totalIssues ?? issues.length) - issues.length;
  return (
    <div role="alert" data-testid={testId} className="rounded border border-red-200 bg-red-50 px-3 py-2 text-red-900">
      {title && <div className="font-medium">{title}</div>}
      <p data-testid="error-message" className="whitespace-pre-wrap">
        {error.message}
      </p>
      {issues.length > 0 && (
        <ul className="mt-1.5 space-y-0.5 font-mono text-xs">
          {issues.map((issue, index) => (
            <li key={index} data-testid="error-issue" className="flex gap-2">
              <span className="shrink-0 text-red-700">{describeIssueLocation(issue)}</span>
              <span className="break-all">{issue.message}</span>
            </li>
          ))}
        </ul>
      )}
      {unlisted > 0 && <p className="mt-1 text-xs text-red-700">…and {unlisted} more not listed.</p>}
      <p className="mt-1 text-xs text-red-700">
        code <span className="font-mono">{error.code}</span>
        {error.format ? (
          <>
            {" "}
            · format <span className="font-mono">{error.format}</span>
          </>
        ) : null}
      </p>
    </div>
  );
}

function describeIssueLocation(issue: { line?: number; path?: string }): string {
  if (issue.line !== undefined) return issue.path ? `line ${issue.line} · ${issue.path}` : `line ${issue.line}`;
  return issue.path ?? "file";
}
