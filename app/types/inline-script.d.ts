/** A page script, built into a string (vite-plugins/inline-scripts.ts). */
declare module '*?inline-script' {
  const code: string;
  export default code;
}
