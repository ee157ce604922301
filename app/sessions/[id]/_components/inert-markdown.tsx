"use client";

import { memo, useState } from "react";
import Markdown, { type Components } from "react-markdown";

/**
 * Characters parsed up front. Markdown parsing is linear but slow (~1 ms per KB); an extractive summary of a
 * long session can pass 100 KB, and parsing it whole on every render froze the page for a second.
 */
export const MARKDOWN_PREVIEW_CHARS = 12_000;

/**
 * A summary (model output, so untrusted) rendered as markdown, inert: raw HTML is dropped (`skipHtml`, no
 * rehype-raw), links are shown as text with their target in a tooltip, images as their alt text.
 */
const INERT_COMPONENTS: Components = {
  a: ({ children, href }) => (
    <span className="text-blue-800 underline decoration-dotted" title={typeof href === "string" ? href : undefined}>
      {children}
    </span>
  ),
  img: ({ alt }) => <span className="text-slate-500">[image{alt ? `: ${alt}` : ""}]</span>,
};

/**
 * Memoized on the text (parents re-render while a run streams); a text past {@link MARKDOWN_PREVIEW_CHARS} shows
 * its beginning, cut at a line end, with a button for the rest.
 */
export const InertMarkdown = memo(function InertMarkdown({ text }: { text: string }) {
  const [whole, setWhole] = useState(false);
  const cut = whole || text.length <= MARKDOWN_PREVIEW_CHARS ? text.length : cutAtLine(text, MARKDOWN_PREVIEW_CHARS);
  return (
    <div className="markdown-summary space-y-1.5 text-[13px] leading-5 [&_code]:rounded [&_code]:bg-white/70 [&_code]:px-1 [&_code]:font-mono [&_code]:text-xs [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_h2]:text-fuchsia-900 [&_li]:ml-4 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-white/70 [&_pre]:p-2 [&_ul]:list-disc">
      <Markdown skipHtml components={INERT_COMPONENTS}>
        {cut < text.length ? text.slice(0, cut) : text}
      </Markdown>
      {cut < text.length && (
        <button type="button" data-testid="markdown-show-all" onClick={() => setWhole(true)} className="text-xs font-medium text-violet-800 underline">
          show all {text.length.toLocaleString("en-US")} characters ({(text.length - cut).toLocaleString("en-US")} more)
        </button>
      )}
    </div>
  );
});

/** The last line break at or before `limit` (or `limit` itself when the text has none nearby), so no line is split. */
function cutAtLine(text: string, limit: number): number {
  const newline = text.lastIndexOf("\n", limit);
  return newline > limit / 2 ? newline : limit;
}
