// What a source file imports, read with the TypeScript parser, for the tests that follow the web's
// modules: which code the first script loads (`build/entry-imports.test.ts`) and which pages make
// each specified call (`app/call-reachability.test.ts`). Imports of types only are left out: the
// compiler erases them, so they load no code.
import ts from 'typescript';

export type ModuleImports = {
  /** Specifiers imported or re-exported for their values, loaded with the file. */
  readonly loaded: string[];
  /** Specifiers of `import('…')` with a literal, loaded when that code runs. */
  readonly lazy: string[];
};

function importsValues(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return true; // `import './side-effect'`
  if (clause.isTypeOnly) return false;
  const named = clause.namedBindings;
  const onlyTypes =
    !clause.name &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((element) => element.isTypeOnly);
  return !onlyTypes;
}

/** The imports of `text`, the source of `fileName` (its extension picks TSX or TS). */
export function moduleImports(fileName: string, text: string): ModuleImports {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const loaded: string[] = [];
  const lazy: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && importsValues(statement.importClause)) {
      loaded.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const clause = statement.exportClause;
      const onlyTypes =
        statement.isTypeOnly ||
        (clause !== undefined &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((element) => element.isTypeOnly));
      if (!onlyTypes) loaded.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      lazy.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { loaded, lazy };
}
