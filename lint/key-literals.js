import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The table's key prefixes (`USER#`, `POST#`, `LIKE#`…) are written in one module, keys.ts, which
 * builds every key and reads them back (parseKey): code in lambdas/ that spelled a prefix itself
 * would parse or build keys beside it, and a change of a key's shape would miss it. A string, or a
 * template's head, that begins with an upper-case word and `#` is such a prefix. Tests and the local
 * cloud are free (they may still import the builders).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const KEY_PREFIX = /^[A-Z][A-Z_]*#/;
const KEYS_MODULE = 'lambdas/data/table/keys.ts';

function governs(filename) {
  const file = relative(ROOT, filename).split(sep).join('/');
  return file.startsWith('lambdas/') && file !== KEYS_MODULE;
}

export const keyLiterals = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'Key prefixes are written only in lambdas/data/table/keys.ts: build keys with its builders, read them with parseKey.' },
  },
  create(context) {
    if (!governs(context.filename)) return {};
    const refuse = (node, text) =>
      context.report({
        node,
        message: `'${text.match(KEY_PREFIX)[0]}' is a key prefix: build the key with lambdas/data/table/keys.ts (keys, postKeys, PARTITION_PREFIXES) and read one with parseKey.`,
      });
    return {
      Literal(node) {
        if (typeof node.value === 'string' && KEY_PREFIX.test(node.value)) refuse(node, node.value);
      },
      TemplateLiteral(node) {
        const head = node.quasis[0]?.value.cooked ?? '';
        if (KEY_PREFIX.test(head)) refuse(node, head);
      },
    };
  },
};
