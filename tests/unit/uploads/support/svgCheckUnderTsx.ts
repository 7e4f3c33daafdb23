/**
 * Run by checkPool.test.ts through the tsx CLI, as `npm run dev` runs the server: checks one safe
 * and one unsafe SVG in the server's upload-check worker and prints what it decided.
 */
import { runUploadCheck } from '../../../../server/services/uploads/checkPool';

const svg = (body: string) =>
  new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`);
const safe = await runUploadCheck('svg', svg('<rect width="4" height="4"/>'));
const unsafe = await runUploadCheck('svg', svg('<script>alert(1)</script>'));
console.log(JSON.stringify({ safe, unsafe }));
