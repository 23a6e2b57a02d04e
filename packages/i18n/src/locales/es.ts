import type { TMessages } from './en.ts';

/** Spanish texts. */
export const es: TMessages = {
  mail: {
    greeting: 'Hola, {{name}}:',
    signature: 'El equipo de Reorder',
    resetPassword: {
      subject: 'Restablece tu contraseña',
      intro: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Reorder.',
      action: 'Elegir una nueva contraseña',
      expiry: 'El enlace funciona una sola vez y caduca en una hora.',
      ignore: 'Si no lo has pedido tú, puedes ignorar este correo: tu contraseña no cambia.',
    },
    passwordChanged: {
      subject: 'Tu contraseña ha cambiado',
      body: 'Se acaba de cambiar la contraseña de tu cuenta de Reorder y se ha cerrado la sesión en todos los dispositivos que usaban la anterior.',
      notYou: 'Si no has sido tú, restablece tu contraseña ahora:',
    },
    feedback: {
      subject: 'Comentarios de {{name}}',
    },
  },
};
