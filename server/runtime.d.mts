export const MINIMUM_NODE_MAJOR: number;
export function assertSupportedNode(version?: string): void;
