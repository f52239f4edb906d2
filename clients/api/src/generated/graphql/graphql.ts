/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Lifecycle of a Code2Des job (code2des_status '0', '1', '2'). */
export type Code2DesStatus =
  | 'COMPLETED'
  | 'FAILED'
  | 'PROCESSING';

export type MaterializeCode2DesInput = {
  code2desId: string;
  /** The Figma root node id the plugin created, e.g. `12:345`. */
  nodeId: string;
};

export type Code2DesJobQueryVariables = Exact<{
  id: string;
}>;


export type Code2DesJobQuery = { code2des: { id: string, projectId: string, pageImportId: string, figmaFileKey: string, screenId: string, placementTarget: string | null, status: Code2DesStatus, attempt: number, warningCount: number | null, errorMessage: string | null, materializedAt: string | null, materializedNodeId: string | null, fidelityScore: number | null } | null };

export type Code2DesResultQueryVariables = Exact<{
  id: string;
}>;


export type Code2DesResultQuery = { code2desResult: { code2desId: string, pageImportId: string, captureHash: string, warningCount: number, root: unknown, styles: unknown, variables: unknown, warnings: Array<{ code: string, message: string, nodeId: string | null }>, images: Array<{ ref: string, mimeType: string, byteSize: number, sha256: string, width: number, height: number, base64: string | null, svg: string | null }> } | null };

export type MaterializeCode2DesMutationVariables = Exact<{
  input: MaterializeCode2DesInput;
}>;


export type MaterializeCode2DesMutation = { materializeCode2Des: { recorded: boolean, code2des: { id: string, materializedAt: string | null, materializedNodeId: string | null } } };


export const Code2DesJobDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Code2DesJob"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code2des"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"pageImportId"}},{"kind":"Field","name":{"kind":"Name","value":"figmaFileKey"}},{"kind":"Field","name":{"kind":"Name","value":"screenId"}},{"kind":"Field","name":{"kind":"Name","value":"placementTarget"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempt"}},{"kind":"Field","name":{"kind":"Name","value":"warningCount"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"materializedAt"}},{"kind":"Field","name":{"kind":"Name","value":"materializedNodeId"}},{"kind":"Field","name":{"kind":"Name","value":"fidelityScore"}}]}}]}}]} as unknown as DocumentNode<Code2DesJobQuery, Code2DesJobQueryVariables>;
export const Code2DesResultDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Code2DesResult"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code2desResult"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code2desId"}},{"kind":"Field","name":{"kind":"Name","value":"pageImportId"}},{"kind":"Field","name":{"kind":"Name","value":"captureHash"}},{"kind":"Field","name":{"kind":"Name","value":"warningCount"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"nodeId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"root"}},{"kind":"Field","name":{"kind":"Name","value":"images"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"byteSize"}},{"kind":"Field","name":{"kind":"Name","value":"sha256"}},{"kind":"Field","name":{"kind":"Name","value":"width"}},{"kind":"Field","name":{"kind":"Name","value":"height"}},{"kind":"Field","name":{"kind":"Name","value":"base64"}},{"kind":"Field","name":{"kind":"Name","value":"svg"}}]}},{"kind":"Field","name":{"kind":"Name","value":"styles"}},{"kind":"Field","name":{"kind":"Name","value":"variables"}}]}}]}}]} as unknown as DocumentNode<Code2DesResultQuery, Code2DesResultQueryVariables>;
export const MaterializeCode2DesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MaterializeCode2Des"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MaterializeCode2DesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"materializeCode2Des"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recorded"}},{"kind":"Field","name":{"kind":"Name","value":"code2des"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"materializedAt"}},{"kind":"Field","name":{"kind":"Name","value":"materializedNodeId"}}]}}]}}]}}]} as unknown as DocumentNode<MaterializeCode2DesMutation, MaterializeCode2DesMutationVariables>;