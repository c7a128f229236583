import "server-only";
import { SaxesParser } from "saxes";

// An XML text to a small element tree, by saxes (a strict, well-formedness-checking parser that decodes
// only the five predefined entities and numeric character references and never reads a DTD). A document
// type or entity declaration anywhere is refused before parsing: fiscal XMLs never carry one, and with
// none, no entity can expand (billion laughs) or point at a file or URL (XXE).

export type XmlElement = {
  /** The local name, without a namespace prefix. */
  name: string;
  /** Attributes by local name. */
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, trimmed. */
  text: string;
};

export type XmlTree =
  { ok: true; root: XmlElement } | { ok: false; reason: "doctype" | "malformed" | "too_many_elements" };

/** More elements than the largest NF-e (990 items of a few dozen elements) could hold. */
export const MAX_XML_ELEMENTS = 200_000;
/** Fiscal XMLs nest about ten deep; past this a file is not one (and deep nesting costs parsers dearly). */
export const MAX_XML_DEPTH = 64;

const DECLARATION = /<!(?:DOCTYPE|ENTITY)/i;
type Refusal = "doctype" | "too_many_elements";

/** A qualified name's local part ("nfe:NFe" → "NFe"). */
const localName = (name: string) => name.slice(name.indexOf(":") + 1);

export function parseXmlTree(text: string): XmlTree {
  if (DECLARATION.test(text)) return { ok: false, reason: "doctype" };
  // Namespaces are matched by local name, so saxes's namespace processing is off: besides being unused,
  // it resolves each element's prefix by walking up every open element (quadratic in the depth).
  const parser = new SaxesParser({ position: false });
  const stack: { element: XmlElement; text: string[] }[] = [];
  let root: XmlElement | null = null;
  let count = 0;
  let failure: Refusal | null = null;
  const stop = (reason: Refusal) => {
    failure = reason;
    throw new Error(reason);
  };
  parser.on("doctype", () => stop("doctype"));
  parser.on("opentagstart", () => {
    count += 1;
    if (count > MAX_XML_ELEMENTS || stack.length >= MAX_XML_DEPTH) stop("too_many_elements");
  });
  parser.on("opentag", (tag) => {
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes)) {
      if (name !== "xmlns" && !name.startsWith("xmlns:")) attributes[localName(name)] = value;
    }
    const element: XmlElement = { name: localName(tag.name), attributes, children: [], text: "" };
    const parent = stack.at(-1);
    if (parent) parent.element.children.push(element);
    else root = element;
    stack.push({ element, text: [] });
  });
  const addText = (value: string) => stack.at(-1)?.text.push(value);
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", () => {
    const open = stack.pop();
    if (open) open.element.text = open.text.join("").trim();
  });
  try {
    parser.write(text.replace(/^\s+/, "")).close();
  } catch {
    return { ok: false, reason: failure ?? "malformed" };
  }
  return root ? { ok: true, root } : { ok: false, reason: "malformed" };
}

/** The first child named `name` (local name). */
export function childOf(element: XmlElement | null | undefined, name: string): XmlElement | null {
  return element?.children.find((child) => child.name === name) ?? null;
}

/** The element at the path of local names below `element`, each step the first match. */
export function pathOf(element: XmlElement | null | undefined, ...names: string[]): XmlElement | null {
  let current: XmlElement | null = element ?? null;
  for (const name of names) current = childOf(current, name);
  return current;
}

/** Every child named `name`. */
export function childrenOf(element: XmlElement | null | undefined, name: string): XmlElement[] {
  return element?.children.filter((child) => child.name === name) ?? [];
}

/** The trimmed text at the path, null when absent or empty. */
export function textAt(element: XmlElement | null | undefined, ...names: string[]): string | null {
  const found = pathOf(element, ...names);
  return found && found.text !== "" ? found.text : null;
}
