/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query Code2DesJob($id: ID!) {\n  code2des(id: $id) {\n    id\n    projectId\n    pageImportId\n    figmaFileKey\n    screenId\n    placementTarget\n    status\n    attempt\n    warningCount\n    errorMessage\n    materializedAt\n    materializedNodeId\n    fidelityScore\n  }\n}\n\nquery Code2DesResult($id: ID!) {\n  code2desResult(id: $id) {\n    code2desId\n    pageImportId\n    captureHash\n    warningCount\n    warnings {\n      code\n      message\n      nodeId\n    }\n    root\n    images {\n      ref\n      mimeType\n      byteSize\n      sha256\n      width\n      height\n      base64\n      svg\n    }\n    styles\n    variables\n  }\n}\n\nmutation MaterializeCode2Des($input: MaterializeCode2DesInput!) {\n  materializeCode2Des(input: $input) {\n    recorded\n    code2des {\n      id\n      materializedAt\n      materializedNodeId\n    }\n  }\n}": typeof types.Code2DesJobDocument,
};
const documents: Documents = {
    "query Code2DesJob($id: ID!) {\n  code2des(id: $id) {\n    id\n    projectId\n    pageImportId\n    figmaFileKey\n    screenId\n    placementTarget\n    status\n    attempt\n    warningCount\n    errorMessage\n    materializedAt\n    materializedNodeId\n    fidelityScore\n  }\n}\n\nquery Code2DesResult($id: ID!) {\n  code2desResult(id: $id) {\n    code2desId\n    pageImportId\n    captureHash\n    warningCount\n    warnings {\n      code\n      message\n      nodeId\n    }\n    root\n    images {\n      ref\n      mimeType\n      byteSize\n      sha256\n      width\n      height\n      base64\n      svg\n    }\n    styles\n    variables\n  }\n}\n\nmutation MaterializeCode2Des($input: MaterializeCode2DesInput!) {\n  materializeCode2Des(input: $input) {\n    recorded\n    code2des {\n      id\n      materializedAt\n      materializedNodeId\n    }\n  }\n}": types.Code2DesJobDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Code2DesJob($id: ID!) {\n  code2des(id: $id) {\n    id\n    projectId\n    pageImportId\n    figmaFileKey\n    screenId\n    placementTarget\n    status\n    attempt\n    warningCount\n    errorMessage\n    materializedAt\n    materializedNodeId\n    fidelityScore\n  }\n}\n\nquery Code2DesResult($id: ID!) {\n  code2desResult(id: $id) {\n    code2desId\n    pageImportId\n    captureHash\n    warningCount\n    warnings {\n      code\n      message\n      nodeId\n    }\n    root\n    images {\n      ref\n      mimeType\n      byteSize\n      sha256\n      width\n      height\n      base64\n      svg\n    }\n    styles\n    variables\n  }\n}\n\nmutation MaterializeCode2Des($input: MaterializeCode2DesInput!) {\n  materializeCode2Des(input: $input) {\n    recorded\n    code2des {\n      id\n      materializedAt\n      materializedNodeId\n    }\n  }\n}"): (typeof documents)["query Code2DesJob($id: ID!) {\n  code2des(id: $id) {\n    id\n    projectId\n    pageImportId\n    figmaFileKey\n    screenId\n    placementTarget\n    status\n    attempt\n    warningCount\n    errorMessage\n    materializedAt\n    materializedNodeId\n    fidelityScore\n  }\n}\n\nquery Code2DesResult($id: ID!) {\n  code2desResult(id: $id) {\n    code2desId\n    pageImportId\n    captureHash\n    warningCount\n    warnings {\n      code\n      message\n      nodeId\n    }\n    root\n    images {\n      ref\n      mimeType\n      byteSize\n      sha256\n      width\n      height\n      base64\n      svg\n    }\n    styles\n    variables\n  }\n}\n\nmutation MaterializeCode2Des($input: MaterializeCode2DesInput!) {\n  materializeCode2Des(input: $input) {\n    recorded\n    code2des {\n      id\n      materializedAt\n      materializedNodeId\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;