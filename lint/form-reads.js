/**
 * ESLint rule `forms/no-field-reads`: a route reads its posted form through one zod schema
 * (docs/architecture/forms.md#one-schema-per-route), never field by field.
 *
 * Reported: `.get(…)`, `.getAll(…)` and `.has(…)` called on a FormData value, which is
 * - the result of `readFormData(…)`, `<anything>.formData()` or `new FormData(…)`, awaited or not,
 *   called directly (`(await readFormData(request)).get('file')`) or through a variable it
 *   initialises or is assigned to (`const form = await readFormData(request); form.get('code')`);
 * - a variable or parameter typed `FormData` (`function handle(formData: FormData)`);
 * - any identifier named `formData`.
 *
 * Allowed: the schema parse itself, `parseWithZod(formData, { schema })` or
 * `schema.safeParse(Object.fromEntries(formData))`, and any read inside the arguments of such a
 * call (`parseWithZod(…)`, `x.safeParse(…)`, `x.parse(…)` and their async forms, JSON.parse aside):
 * there the field is read by the parse.
 *
 * eslint.config.js enables it for app/routes; which files it applies to is the configuration's business.
 */

const readMethods = new Set(['get', 'getAll', 'has']);
const parseMethods = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync']);

/** The expression under `await`, `as`, `!`, `satisfies` and optional chains. */
function unwrap(expression) {
  let current = expression;
  while (current) {
    if (current.type === 'AwaitExpression') current = current.argument;
    else if (['TSAsExpression', 'TSNonNullExpression', 'TSSatisfiesExpression', 'TSTypeAssertion', 'ChainExpression'].includes(current.type)) current = current.expression;
    else return current;
  }
  return current;
}

/** `readFormData(…)`, `request.formData()`, `new FormData(…)`. */
function makesFormData(expression) {
  const node = unwrap(expression);
  if (!node) return false;
  if (node.type === 'NewExpression') return node.callee.type === 'Identifier' && node.callee.name === 'FormData';
  if (node.type !== 'CallExpression') return false;
  const callee = node.callee;
  if (callee.type === 'Identifier') return callee.name === 'readFormData';
  return callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && callee.property.name === 'formData';
}

/** Whether a type annotation names FormData (also within a union: `FormData | null`). */
function namesFormData(annotation) {
  const type = annotation?.type === 'TSTypeAnnotation' ? annotation.typeAnnotation : annotation;
  if (!type) return false;
  if (type.type === 'TSTypeReference') return type.typeName.type === 'Identifier' && type.typeName.name === 'FormData';
  if (type.type === 'TSUnionType') return type.types.some(namesFormData);
  return false;
}

/** A call that parses with a schema: `parseWithZod(…)`, `schema.safeParse(…)`, `schema.parse(…)`… (not JSON.parse). */
function isSchemaParse(node) {
  if (node.type !== 'CallExpression') return false;
  const callee = node.callee;
  if (callee.type === 'Identifier') return callee.name === 'parseWithZod';
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return false;
  if (callee.object.type === 'Identifier' && callee.object.name === 'JSON') return false;
  return parseMethods.has(callee.property.name);
}

export const noFieldReadsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Routes read a posted form through its schema, not field by field (docs/architecture/forms.md#one-schema-per-route).' },
    schema: [],
    messages: {
      fieldRead:
        "{{read}} reads the posted form outside its schema. Parse the whole form once with the route's zod schema (one discriminated " +
        'union on `intent` when the action does several things): `parseWithZod(formData, { schema })`, or ' +
        '`schema.safeParse(Object.fromEntries(formData))`, and use the parsed value. See docs/architecture/forms.md#one-schema-per-route.',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;

    /** The variable an identifier refers to, through the scopes. */
    function variableOf(identifier) {
      for (let scope = sourceCode.getScope(identifier); scope; scope = scope.upper) {
        const reference = scope.references.find((candidate) => candidate.identifier === identifier);
        if (reference) return reference.resolved;
      }
      return null;
    }

    function holdsFormData(identifier) {
      if (identifier.name === 'formData') return true;
      const variable = variableOf(identifier);
      if (!variable) return false;
      for (const definition of variable.defs) {
        if (definition.type === 'Variable' && (makesFormData(definition.node.init) || namesFormData(definition.node.id.typeAnnotation))) return true;
        if (definition.type === 'Parameter' && namesFormData(definition.name.typeAnnotation)) return true;
      }
      return variable.references.some((reference) => reference.isWrite() && makesFormData(reference.writeExpr));
    }

    function isFormData(expression) {
      const node = unwrap(expression);
      if (!node) return false;
      if (node.type === 'Identifier') return holdsFormData(node);
      return makesFormData(node);
    }

    /** Whether `node` sits in the arguments of a schema parse. */
    function insideSchemaParse(node) {
      let child = node;
      for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
        if (isSchemaParse(parent) && parent.arguments.includes(child)) return true;
      }
      return false;
    }

    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        if (!readMethods.has(callee.property.name) || !isFormData(callee.object)) return;
        if (insideSchemaParse(node)) return;
        const field = node.arguments[0]?.type === 'Literal' ? `'${node.arguments[0].value}'` : '…';
        const object = callee.object.type === 'AwaitExpression' ? `(${sourceCode.getText(callee.object)})` : sourceCode.getText(callee.object);
        const read = `${object.length > 40 ? 'the form' : object}.${callee.property.name}(${field})`;
        context.report({ node, messageId: 'fieldRead', data: { read } });
      },
    };
  },
};

export default { rules: { 'no-field-reads': noFieldReadsRule } };
