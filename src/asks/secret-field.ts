/**
 * Whether a field seems to ask for a password or another secret. The spec says servers MUST NOT
 * ask for sensitive information in a form, so the card warns instead of silently complying.
 * Words are matched whole: "tokens" or "token count" ask for a number, not a credential.
 */
export function isSecretLike(property: {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  format?: string | undefined;
}): boolean {
  if (property.format === 'password') return true;
  const texts = [splitWords(property.name), property.title ?? '', property.description ?? ''];
  if (texts.some((text) => SECRET_PATTERNS.some((pattern) => pattern.test(text)))) return true;
  // "pin" is also a verb ("pin the message"): only the capitalized acronym, "PIN code", or a
  // field named for it counts.
  const nameWords = splitWords(property.name).toLowerCase().split(' ');
  return (
    nameWords.includes('pin') ||
    texts.some((text) => /\bPINs?\b/.test(text) || /\bpin (code|number)\b/i.test(text))
  );
}

const SECRET_PATTERNS: RegExp[] = [
  /\bpass(word|phrase|code)s?\b/i,
  /\bpasswd\b/i,
  /\bsecrets?\b/i,
  /\btoken\b(?!\s*(count|limit|budget|usage|size|length)\b)/i,
  /\bapi ?keys?\b/i,
  /\bprivate ?keys?\b/i,
  /\bone[ -]?time (pass)?(code|password)s?\b/i,
  /\b(otp|totp|2fa|mfa) ?(code)?s?\b/i,
  /\bcredit ?cards?\b/i,
  /\bcard ?numbers?\b/i,
  /\b(cvv2?|cvc)\b/i,
  /\bsecurity code\b/i,
  /\bssn\b/i,
  /\bsocial security\b/i,
];

/** "apiKey", "API_KEY" and "api-key" all read "api Key"-like: words separated by spaces. */
function splitWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ');
}
