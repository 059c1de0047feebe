// The search and track box, for the shell's top bar; the rest is this feature's own.
export { TRACK_BOX_LABEL, TrackBox } from './TrackBox';
