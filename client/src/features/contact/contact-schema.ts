// The contact form's rules, the server's own schema: loaded on the form's first focus or submit
// rather than with the page (zod is ~24 kB gzip; bench/, "Pages").
export { ZContactInput } from "@vela/shared";
