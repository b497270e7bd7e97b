export const CHROMIUM: string;
export function chromiumPath(): string | undefined;
export const MISSING_MESSAGE: string;
