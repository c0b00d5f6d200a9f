// An MCP-compatible UriTemplate (the API of @modelcontextprotocol/sdk's shared/uriTemplate).
export type Variables = Record<string, string | string[]>;
export declare class UriTemplate {
  static isTemplate(str: string): boolean;
  constructor(template: string);
  readonly variableNames: string[];
  toString(): string;
  expand(variables: Variables): string;
  match(uri: string): Variables | null;
}
