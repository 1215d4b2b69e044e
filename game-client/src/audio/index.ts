export { AudioPanel } from './AudioPanel';
export { SoundProvider, useSound } from './SoundProvider';
