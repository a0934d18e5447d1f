/**
 * What `@modelcontextprotocol/server/_shims` gives the extension build, in place of the server
 * package's own browser shims (wxt.config.ts aliases it here). The SDK's client and server
 * packages each bundle a copy of the same JSON Schema validator (@cfworker/json-schema, about
 * 22 KB minified); the service worker holds both packages (the client for servers, the server
 * for the browser's own MCP server), so the server takes the client's copy and the worker
 * carries one. `process` is the server shims' stub as it is: no stdio in a browser.
 */
export { CfWorkerJsonSchemaValidator as DefaultJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';

function notSupported(): never {
  // The SDK's own shim throws this plain Error; the stand-in throws the same.
  // eslint-disable-next-line no-restricted-syntax
  throw new Error('StdioServerTransport is not supported in this environment.');
}

export const process = {
  get stdin() {
    return notSupported();
  },
  get stdout() {
    return notSupported();
  },
};
