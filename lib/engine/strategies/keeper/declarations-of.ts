/**
 * A file's outline as a reader takes it in at a glance: the names it declares, recognised by the declaration forms
 * most languages and formats share rather than by parsing any one of them —
 * - code: a declaration keyword before a name (`export`, `function`, `class`, `interface`, `type`, `enum`, `const`,
 *   `def`, `fn`, `func`, `struct`, `trait`…), or a class member with its visibility (`public onShiftTab?: () => void`);
 * - documents: a Markdown file's headings;
 * - configuration: a key with a scalar value (`"blue": "#0087ff"`, `port: 8080`, `name = "x"`).
 * Each line as declared, its body left out (a trailing `{`, `;` or `,` dropped, a JSON key unquoted), at most
 * {@link DECLARATION_MAX_CHARS}: what a later step needs to call, import or set it without reading the file again.
 */
const CODE = new RegExp(
  [
    // JS/TS, Java, C#, Kotlin, Swift, PHP: modifiers, then a declaration keyword and a name
    String.raw`^(?:export\s+(?:default\s+)?|declare\s+|abstract\s+|public\s+|private\s+|protected\s+|internal\s+|static\s+|final\s+|sealed\s+|open\s+|async\s+|pub(?:\([\w:]+\))?\s+|unsafe\s+)*(?:function\*?|class|interface|type|enum|const|let|var|namespace|module|record|struct|trait|impl|fn|mod|def|func|object|fun|protocol|extension)\s+[A-Za-z_$][\w$]*`,
    // a class member with its visibility: `public onShiftTab?: () => void`, `private onPreview: (…) => void`
    String.raw`^(?:public|private|protected|readonly|static|override)\s+(?:readonly\s+|static\s+|async\s+|get\s+|set\s+)*[A-Za-z_$#][\w$]*[?!]?\s*[:(=<]`,
  ].join("|"),
);
/** a class member: a visibility keyword or a method signature `name(args): type` */
const MEMBER = /^(?:(?:public|private|protected|readonly|static|override|async|get|set)\s+)*[A-Za-z_$#][\w$]*[?!]?\s*(?:\(.*\)\s*(?::\s*(?:[^={]|=>)+)?\s*\{?$|:\s*(?:[^=]|=>)+[;,]?$)|^(?:public|private|protected|readonly|static|override)\s/;
/** a statement, not a member: `if (…) {`, `return x;` */
const STATEMENT = /^(?:if|for|while|switch|return|const|let|var|else|catch|try|do|await|throw|case|default)\b/;
/** a Markdown heading, in a Markdown file (elsewhere a line starting with `#` is a comment) */
const HEADING = /^#{1,6}\s+\S/;
const MARKDOWN_FILE = /\.(?:md|mdx|markdown)$/i;
/** a key with a scalar value: JSON (`"key": "value",`), up to two levels in */
const JSON_SETTING = /^"[\w.$@/-]+"\s*:\s*(?:"[^"]*"|-?[\d.]+|true|false|null)\s*,?$/;
/** YAML (`key: value`), TOML and INI (`key = value`), up to one level in (deeper, `name: type` is a parameter) */
const PLAIN_SETTING = /^(?:[A-Za-z_][\w.-]*\s*:\s+(?:"[^"]*"|'[^']*'|-?[\d.]+|true|false|#?[\w./-]+)|[A-Za-z_][\w.-]*\s*=\s*(?:"[^"]*"|'[^']*'|-?[\d.]+|true|false))\s*,?$/;
const DECLARATION_MAX_CHARS = 120;

/** a read tool's line number before a line ("  42→", "42:", "42\t", "42 |") */
const LINE_NUMBER = /^\s*\d+(?:→|:|\t|\s*\|)/;
/** a class or interface member one level in (up to four spaces or one tab); a constructor's parameter properties two */
const MEMBER_INDENT = 4;
const PARAMETER_PROPERTY = /^(?:public|private|protected|readonly)\s+[A-Za-z_$][\w$]*[?!]?\s*:/;

/**
 * A declaration where a reader skims for one: any at the top level; one level in (a class's or an impl's body) a
 * member — a method, a field, a `def` or `fn` — but no statement and no local `const`; two levels in, a constructor's
 * parameter properties (`private spinnerColorFn: (str: string) => string`).
 */
function isDeclaration(line: string, indent: number): boolean {
  if (indent === 0) return CODE.test(line);
  if (indent <= MEMBER_INDENT && !STATEMENT.test(line) && (MEMBER.test(line) || CODE.test(line))) return true;
  return indent <= 2 * MEMBER_INDENT && PARAMETER_PROPERTY.test(line);
}

/**
 * The outline lines of a file's text as a read tool printed it (line numbers are stripped), in the file's order, each
 * once. Code counts where a reader skims it: declarations at the top level, class members one level in — a `const`
 * inside a function body is not part of the file's outline.
 */
export function declarationsOf(output: string, options: { path: string }): string[] {
  const markdown = MARKDOWN_FILE.test(options.path);
  const found: string[] = [];
  const seen = new Set<string>();
  for (const raw of output.split("\n")) {
    const unnumbered = raw.replace(LINE_NUMBER, "");
    const line = unnumbered.trim();
    if (line.length === 0) continue;
    const indentText = /^[ \t]*/.exec(unnumbered)![0];
    const indent = indentText.replaceAll("\t", "    ").length;
    let text: string | null = null;
    if (markdown && indent === 0 && HEADING.test(line)) text = line;
    else if ((indent <= 2 * MEMBER_INDENT && JSON_SETTING.test(line)) || (indent <= MEMBER_INDENT && PLAIN_SETTING.test(line))) text = line.replace(/^"([^"]+)"(\s*:)/, "$1$2").replace(/,$/, "");
    else if (isDeclaration(line, indent)) text = line.replace(/\s*[{;,]\s*$/, "").replace(/^export\s+(?:default\s+)?/, "");
    if (text === null || text.length < 3) continue;
    if (text.length > DECLARATION_MAX_CHARS) text = `${text.slice(0, DECLARATION_MAX_CHARS)}…`;
    if (seen.has(text)) continue;
    seen.add(text);
    found.push(text);
  }
  return found;
}
