import type { SecretLintRuleCreator, SecretLintRuleContext, SecretLintSourceCode } from "@secretlint/types";

/** The rule id secretlint reports for this rule; scan-texts names its findings `aws`, like the preset's rule. */
export const AWS_SECRET_KEY_RULE_ID = "lab/aws-secret-access-key";

/**
 * The documented example pair of the AWS access-key guide. The preset skips both (its built-in ignore list); this
 * rule reports them, named as the example: a transcript is untrusted text, an agent may have pasted a real key over a
 * template's example or kept the example in a file that ships, and a finding the user dismisses costs less than a
 * check (or a person) that takes "AKIA… not flagged" for "no AWS key here".
 */
const DOCUMENTED_EXAMPLE_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
const DOCUMENTED_EXAMPLE_ID = /\bAKIAIOSFODNN7EXAMPLE\b/g;

/**
 * `AWS_SECRET_ACCESS_KEY=<40 characters>` in its usual spellings (prefix `AWS_`/`aws_` optional, `:`, `=` or `=>`,
 * quotes optional, and escaped as in JSON text). The preset's own AWS rule (12.0.0) ends its pattern with a word boundary, so a secret whose last
 * character is `/`, `+` or `=` followed by a space, a line break or the end of the text is never reported; this rule
 * ends at the first character that cannot belong to the key instead. Both rules report the same finding where both
 * match; scan-texts keeps one.
 */
const AWS_SECRET_KEY_PATTERN =
  /(?:AWS|aws|Aws)?_?(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)_?(?:KEY|key|Key)(?:\\?["'])?[ \t]*(?::|=>|=)[ \t]*(?:\\?["'])?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/g;

const MESSAGES = {
  AWSSecretAccessKey: {
    en: (props: { KEY: string; NOTE: string }) => `found AWS Secret Access Key: ${props.KEY}${props.NOTE}`,
  },
  AWSAccessKeyID: {
    en: (props: { ID: string }) => `found AWS Access Key ID: ${props.ID} (AWS's documented example id)`,
  },
};

export const awsSecretKeyRule: SecretLintRuleCreator = {
  messages: MESSAGES,
  meta: {
    id: AWS_SECRET_KEY_RULE_ID,
    recommended: true,
    type: "scanner",
    supportedContentTypes: ["text"],
    docs: { url: "https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html" },
  },
  create(context: SecretLintRuleContext) {
    const t = context.createTranslator(MESSAGES);
    return {
      file(source: SecretLintSourceCode) {
        for (const match of source.content.matchAll(AWS_SECRET_KEY_PATTERN)) {
          const key = match[1];
          const note = key === DOCUMENTED_EXAMPLE_SECRET ? " (AWS's documented example secret)" : "";
          // the key ends the match (the lookahead takes no characters)
          const start = (match.index ?? 0) + match[0].length - key.length;
          context.report({ message: t("AWSSecretAccessKey", { KEY: key, NOTE: note }), range: [start, start + key.length] });
        }
        // the preset reports every other key id (enableIDScanRule); it skips this one
        for (const match of source.content.matchAll(DOCUMENTED_EXAMPLE_ID)) {
          const start = match.index ?? 0;
          context.report({ message: t("AWSAccessKeyID", { ID: match[0] }), range: [start, start + match[0].length] });
        }
      },
    };
  },
};
