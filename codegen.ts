import type { CodegenConfig } from '@graphql-codegen/cli';
import { addTypenameSelectionDocumentTransform } from '@graphql-codegen/client-preset';

/**
 * Typed documents for the web client. The client preset emits TypedDocumentNodes
 * (e.g. `ViewerDocument`) that Apollo Client 4's own `useQuery`/`useMutation`/
 * `useSubscription` infer every type from; no wrapper hooks are generated.
 */
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['client/src/**/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    'client/src/gql/': {
      preset: 'client',
      presetConfig: {
        // Operations live in .graphql files, so the `graphql()` tag and fragment
        // masking helpers are not needed.
        gqlTagName: 'graphql',
        fragmentMasking: false,
      },
      // Apollo's cache adds __typename to every selection; the generated types say so too.
      documentTransforms: [addTypenameSelectionDocumentTransform],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTimeISO: 'string', SafeInt: 'number' },
        avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
      },
    },
  },
};

export default config;
