/**
 * RFC 6570 URI templates, levels 1 to 3 (and the level 4 prefix modifier), for the resource
 * templates MCP servers offer. Values are single strings: the composer asks for one text per
 * variable, so lists and maps (level 4 explode) have nothing to expand and `*` is accepted and
 * ignored.
 */

export type TemplateOperator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

export interface TemplateVariable {
  name: string;
  /** Level 4 prefix (`{var:3}`): how many characters of the value to keep. */
  maxLength?: number;
}

export interface TemplateExpression {
  operator: TemplateOperator;
  variables: TemplateVariable[];
}

/** A parsed template: literal text and expressions, in order. */
export type TemplatePart = string | TemplateExpression;

interface OperatorRules {
  first: string;
  separator: string;
  /** Named operators write `name=value` (`;`, `?`, `&`). */
  named: boolean;
  /** What follows a name when its value is empty: `;x` but `?x=`. */
  ifEmpty: string;
  /** `+` and `#` leave reserved characters as they are, so a path stays a path. */
  allowReserved: boolean;
}

const OPERATORS: Record<TemplateOperator, OperatorRules> = {
  '': { first: '', separator: ',', named: false, ifEmpty: '', allowReserved: false },
  '+': { first: '', separator: ',', named: false, ifEmpty: '', allowReserved: true },
  '#': { first: '#', separator: ',', named: false, ifEmpty: '', allowReserved: true },
  '.': { first: '.', separator: '.', named: false, ifEmpty: '', allowReserved: false },
  '/': { first: '/', separator: '/', named: false, ifEmpty: '', allowReserved: false },
  ';': { first: ';', separator: ';', named: true, ifEmpty: '', allowReserved: false },
  '?': { first: '?', separator: '&', named: true, ifEmpty: '=', allowReserved: false },
  '&': { first: '&', separator: '&', named: true, ifEmpty: '=', allowReserved: false },
};

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;
const PERCENT_TRIPLET = /^%[0-9A-Fa-f]{2}$/;

function isOperator(character: string): character is Exclude<TemplateOperator, ''> {
  return character in OPERATORS && character !== '';
}

function parseVariable(specification: string): TemplateVariable | undefined {
  const prefix = /^(.*):(\d{1,4})$/.exec(specification);
  const name = (prefix ? prefix[1]! : specification.replace(/\*$/, '')).trim();
  if (!name) return undefined;
  return prefix ? { name, maxLength: Number(prefix[2]) } : { name };
}

/**
 * Splits a template into literals and expressions. A `{` without its `}` is kept as literal
 * text rather than refused: servers write these by hand and a half-valid template should still
 * show and expand as far as it can.
 */
export function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let literal = '';
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf('{', index);
    const close = open < 0 ? -1 : template.indexOf('}', open);
    if (open < 0 || close < 0) {
      literal += template.slice(index);
      break;
    }
    literal += template.slice(index, open);
    const body = template.slice(open + 1, close);
    const operator = isOperator(body.charAt(0)) ? body.charAt(0) : '';
    const variables = body
      .slice(operator.length)
      .split(',')
      .map(parseVariable)
      .filter((variable): variable is TemplateVariable => variable !== undefined);
    if (literal) parts.push(literal);
    literal = '';
    parts.push({ operator: operator as TemplateOperator, variables });
    index = close + 1;
  }
  if (literal) parts.push(literal);
  return parts;
}

/** The variable names of a template, each once, in the order they first appear. */
export function templateVariables(template: string): string[] {
  const names = parseTemplate(template)
    .filter((part): part is TemplateExpression => typeof part !== 'string')
    .flatMap((part) => part.variables.map((variable) => variable.name));
  return [...new Set(names)];
}

/**
 * The variables that only add a query parameter (`{?x}`, `{&x}`): leaving them out still gives
 * a working URI, so a form need not insist on them.
 */
export function optionalTemplateVariables(template: string): Set<string> {
  const optional = new Set<string>();
  const required = new Set<string>();
  for (const part of parseTemplate(template)) {
    if (typeof part === 'string') continue;
    const target = part.operator === '?' || part.operator === '&' ? optional : required;
    for (const variable of part.variables) target.add(variable.name);
  }
  for (const name of required) optional.delete(name);
  return optional;
}

function encodeCharacter(character: string): string {
  try {
    return encodeURIComponent(character).replace(
      /[!'()*]/g,
      (symbol) => `%${symbol.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  } catch {
    // A lone surrogate has no UTF-8 form; it stands for the replacement character instead.
    return '%EF%BF%BD';
  }
}

/** Percent-encodes all but unreserved characters, or also keeps reserved ones and `%XX`. */
function encode(value: string, allowReserved: boolean): string {
  let output = '';
  const characters = Array.from(value);
  for (let index = 0; index < characters.length; index += 1) {
    const character = characters[index]!;
    if (UNRESERVED.test(character)) {
      output += character;
    } else if (allowReserved && RESERVED.test(character)) {
      output += character;
    } else if (
      allowReserved &&
      character === '%' &&
      PERCENT_TRIPLET.test(characters.slice(index, index + 3).join(''))
    ) {
      output += '%';
    } else {
      output += encodeCharacter(character);
    }
  }
  return output;
}

function expandExpression(expression: TemplateExpression, values: Record<string, string>): string {
  const rules = OPERATORS[expression.operator];
  const pieces: string[] = [];
  for (const variable of expression.variables) {
    const raw = Object.hasOwn(values, variable.name) ? values[variable.name] : undefined;
    // Undefined variables leave no trace, not even their separator (RFC 6570 section 3.2.1).
    if (raw === undefined) continue;
    const value =
      variable.maxLength === undefined
        ? raw
        : Array.from(raw).slice(0, variable.maxLength).join('');
    const encoded = encode(value, rules.allowReserved);
    if (!rules.named) pieces.push(encoded);
    else pieces.push(`${encode(variable.name, true)}${encoded ? `=${encoded}` : rules.ifEmpty}`);
  }
  return pieces.length > 0 ? rules.first + pieces.join(rules.separator) : '';
}

/**
 * Expands a template with string values. A key that is absent is undefined and disappears; an
 * empty string is a value, so `{?x}` gives `?x=` for it, as the RFC says.
 */
export function expandTemplate(template: string, values: Record<string, string>): string {
  return parseTemplate(template)
    .map((part) => (typeof part === 'string' ? encode(part, true) : expandExpression(part, values)))
    .join('');
}
