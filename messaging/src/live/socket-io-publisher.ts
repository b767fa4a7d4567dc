import type { Server } from 'socket.io';
import type { LivePublisher } from './port';

/** Embedded mode: the projector runs beside the socket.io server and emits through it directly. */
export function createSocketIoPublisher(io: Server): LivePublisher {
  return {
    publish(room, event, payload) {
      io.to(room).emit(event, payload);
    },
  };
}
