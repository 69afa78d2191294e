import { builtinRules } from 'eslint/use-at-your-own-risk';

// ESLint's no-restricted-imports reads `import … from` and `export … from` only: an `import()`
// crossed a layer unseen, and the views are loaded that way (src/renderer/src/app/views.tsx).
// This is the same rule, with the same options and messages, that also reads an import() of a
// literal path, as a namespace import (it takes every name the module exports).
const core = builtinRules.get('no-restricted-imports');
if (core === undefined) throw new Error('ESLint no longer ships no-restricted-imports');

/** @type {import('eslint').Rule.RuleModule} */
export const restrictedImports = {
  meta: core.meta,
  create(context) {
    const listeners = core.create(context);
    const checkDeclaration = listeners.ImportDeclaration;
    return {
      ...listeners,
      ImportExpression(node) {
        if (node.source.type !== 'Literal' || typeof node.source.value !== 'string') return;
        checkDeclaration?.({
          type: 'ImportDeclaration',
          source: node.source,
          specifiers: [{ type: 'ImportNamespaceSpecifier', loc: node.loc, range: node.range }],
          importKind: 'value',
          attributes: [],
          loc: node.loc,
          range: node.range,
          parent: node.parent,
        });
      },
    };
  },
};
