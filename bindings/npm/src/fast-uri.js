// The `urikit/fast-uri` entry: a fast-uri-compatible face (parse,
// serialize, resolve, normalize, equal, resolveComponent, with fast-uri's
// option names) over urikit's core, for consumers such as ajv
// (`new Ajv({ uriResolver: fastUri })`). The face is built in index.js
// (fast-uri-face.js says why); this module hands out its functions.
import { fastUri } from './index.js';

export const { parse, serialize, resolve, resolveComponent, normalize, equal, SCHEMES } = fastUri;
export { fastUri };
export default fastUri;
