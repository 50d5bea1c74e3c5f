// The parts of the English catalogue the build makes (`englishCatalogueParts` in vite.config.ts).
declare module 'virtual:english/frame' {
  const catalogue: object;
  export default catalogue;
}

declare module 'virtual:english/pages' {
  const catalogue: object;
  export default catalogue;
}
