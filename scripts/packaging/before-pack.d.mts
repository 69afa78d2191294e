/** The parts of electron-builder's BeforePackContext the hook reads. */
export interface BeforePackContextLike {
  electronPlatformName: string;
  /** electron-builder's Arch enum value. */
  arch: number;
}
export default function beforePack(context: BeforePackContextLike): Promise<void>;
