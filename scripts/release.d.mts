export function releaseName(env?: NodeJS.ProcessEnv): string;
