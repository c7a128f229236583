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

const DECLARATION = /<!(?:DOCTYPE|ENTITY)/i;

export function parseXmlTree(text: string): XmlTree {
  if (DECLARATION.test(text)) return { ok: false, reason: "doctype" };
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: { element: XmlElement; text: string[] }[] = [];
  let root: XmlElement | null = null;
  let count = 0;
  let failure: "doctype" | "too_many_elements" | null = null;
  const stop = (reason: "doctype" | "too_many_elements") => {
    failure = reason;
    throw new Error(reason);
  };
  parser.on("doctype", () => stop("doctype"));
  parser.on("opentag", (tag) => {
    count += 1;
    if (count > MAX_XML_ELEMENTS) stop("too_many_elements");
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix !== "xmlns" && attribute.name !== "xmlns") attributes[attribute.local] = attribute.value;
    }
    const element: XmlElement = { name: tag.local, attributes, children: [], text: "" };
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
