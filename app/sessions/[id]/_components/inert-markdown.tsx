import Markdown, { type Components } from "react-markdown";

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

export function InertMarkdown({ text }: { text: string }) {
  return (
    <div className="markdown-summary space-y-1.5 text-[13px] leading-5 [&_code]:rounded [&_code]:bg-white/70 [&_code]:px-1 [&_code]:font-mono [&_code]:text-xs [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_h2]:text-fuchsia-900 [&_li]:ml-4 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-white/70 [&_pre]:p-2 [&_ul]:list-disc">
      <Markdown skipHtml components={INERT_COMPONENTS}>
        {text}
      </Markdown>
    </div>
  );
}
