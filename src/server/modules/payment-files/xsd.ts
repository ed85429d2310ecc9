import fs from 'node:fs';
import path from 'node:path';
import { XmlDocument, XmlValidateError, XsdValidator } from 'libxml2-wasm';
import { ROOT } from '../../root.js';

/** The official schema a SEPA file must meet (copied from the spec's `schemas/`). */
export const PAIN_001_001_09_XSD = path.join(ROOT, 'schemas', 'pain.001.001.09.xsd');

let validator: XsdValidator | undefined;

/** Parsed once per process: the schema does not change while it runs. */
function schema(): XsdValidator {
  if (!validator) {
    const doc = XmlDocument.fromString(fs.readFileSync(PAIN_001_001_09_XSD, 'utf8'));
    // The validator keeps a reference to the parsed schema, so the document lives as long as it does.
    validator = XsdValidator.fromDoc(doc);
  }
  return validator;
}

/**
 * Validates `xml` against pain.001.001.09 in process (libxml2-wasm); answers the schema's complaints
 * (empty when the file is valid). A file with complaints is never stored.
 */
export function schemaErrors(xml: string): string[] {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (error) {
    return [`not well-formed XML: ${(error as Error).message}`];
  }
  try {
    schema().validate(doc);
    return [];
  } catch (error) {
    if (error instanceof XmlValidateError) return error.details.map((d) => `line ${d.line}: ${d.message.trim()}`);
    throw error;
  } finally {
    doc.dispose();
  }
}
