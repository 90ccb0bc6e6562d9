import packageJson from '../package.json' with { type: 'json' };

/**
 * The software's version (package.json), which every rendered report states beside the guideline
 * version and the seed, so a figure can be traced to the code that computed it. Read at build time:
 * the client bundles it, the server and the CLI import it.
 */
export const SOFTWARE_VERSION: string = packageJson.version;
