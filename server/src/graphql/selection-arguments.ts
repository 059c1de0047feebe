import { getArgumentValues, isObjectType, Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * The arguments of every `fieldName` the operation asks for on the nodes of the connection being
 * resolved (`nodes { fieldName(…) }` and `edges { node { fieldName(…) } }`, through fragments),
 * as graphql-js will coerce them when it resolves those fields: lets a list read what its items'
 * fields will need before it answers. Null when one of them cannot be worked out (an argument
 * graphql-js would refuse): the caller then reads nothing ahead. `@skip`/`@include` are not
 * looked at, so a skipped field may be counted: reading ahead for it is wasted, not wrong.
 */
export function connectionNodeFieldArguments(info: GraphQLResolveInfo, nodeTypeName: string, fieldName: string): Array<Record<string, unknown>> | null {
  const nodeType = info.schema.getType(nodeTypeName);
  const fieldDef = isObjectType(nodeType) ? nodeType.getFields()[fieldName] : undefined;
  if (!fieldDef) return null;
  const nodeSelections: SelectionSetNode[] = [];
  for (const node of info.fieldNodes) {
    if (!node.selectionSet) continue;
    for (const nodes of fieldsNamed(info, node.selectionSet, 'nodes')) if (nodes.selectionSet) nodeSelections.push(nodes.selectionSet);
    for (const edges of fieldsNamed(info, node.selectionSet, 'edges')) {
      if (!edges.selectionSet) continue;
      for (const edgeNode of fieldsNamed(info, edges.selectionSet, 'node')) if (edgeNode.selectionSet) nodeSelections.push(edgeNode.selectionSet);
    }
  }
  const found: Array<Record<string, unknown>> = [];
  try {
    for (const selectionSet of nodeSelections) {
      for (const field of fieldsNamed(info, selectionSet, fieldName)) found.push(getArgumentValues(fieldDef, field, info.variableValues));
    }
  } catch {
    return null;
  }
  return found;
}

/**
 * The arguments of every `fieldName` the operation asks for directly on the object being resolved
 * (`portfolio { fieldName(…) }`, through fragments), as graphql-js will coerce them: [] when it is
 * not asked; null when one cannot be worked out (the caller then assumes nothing). Lets an
 * object's fields share one statement that reads only what is asked. `@skip`/`@include` are not
 * looked at, as above.
 */
export function selectedFieldArguments(info: GraphQLResolveInfo, objectTypeName: string, fieldName: string): Array<Record<string, unknown>> | null {
  const objectType = info.schema.getType(objectTypeName);
  const fieldDef = isObjectType(objectType) ? objectType.getFields()[fieldName] : undefined;
  if (!fieldDef) return null;
  const found: Array<Record<string, unknown>> = [];
  try {
    for (const node of info.fieldNodes) {
      if (!node.selectionSet) continue;
      for (const field of fieldsNamed(info, node.selectionSet, fieldName)) found.push(getArgumentValues(fieldDef, field, info.variableValues));
    }
  } catch {
    return null;
  }
  return found;
}

/** The fields named `name` in a selection set, looking into its fragments (whatever their type condition). */
function fieldsNamed(info: GraphQLResolveInfo, selectionSet: SelectionSetNode, name: string, seen = new Set<string>()): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value === name) fields.push(selection);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      fields.push(...fieldsNamed(info, selection.selectionSet, name, seen));
    } else {
      const fragmentName = selection.name.value;
      const fragment = info.fragments[fragmentName];
      if (!fragment || seen.has(fragmentName)) continue;
      seen.add(fragmentName);
      fields.push(...fieldsNamed(info, fragment.selectionSet, name, seen));
    }
  }
  return fields;
}
