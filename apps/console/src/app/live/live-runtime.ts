/**
 * The live channel's code, loaded as one chunk when a user signs in (use-live-channel.ts): the channel
 * and socket.io's client stay out of the sign-in page's JavaScript.
 */
export { startLiveChannel } from './live-channel';
export { openLiveSocket } from './socket';
