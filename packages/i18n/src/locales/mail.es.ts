import type { TMailMessages } from './mail.en.ts';

/** The texts of the server's mails and notifications, in Spanish. */
export const esMail: TMailMessages = {
  greeting: 'Hola, {{name}}:',
  greetingNoName: 'Hola:',
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
    body: 'Se acaba de cambiar la contraseña de tu cuenta de Reorder y se ha cerrado la sesión en todos los demás dispositivos.',
    notYou: 'Si no has sido tú, restablece tu contraseña ahora:',
  },
  feedback: {
    subject: 'Comentarios de {{name}}',
  },
  invitation: {
    subject: 'Te invitan a un negocio en Reorder',
    body: '{{inviter}} te invita a unirte al negocio «{{business}}» en Reorder como {{role}}, para llevar juntos sus proveedores y pedidos.',
    action: 'Ver la invitación',
    expiry: 'El enlace funciona una sola vez y caduca en 7 días. ¿Nuevo en Reorder? Para unirte basta con tu nombre y una contraseña.',
    ignore: 'Si no conoces «{{business}}», puedes ignorar este correo.',
  },
  orderReady: {
    subject: '{{name}} preparó el pedido de {{supplier}}',
    body: '{{name}} preparó el pedido de {{supplier}} en {{business}}: está listo para enviar.',
    action: 'Abrir el pedido',
  },
  roles: {
    owner: 'propietario',
    manager: 'encargado',
    staff: 'personal',
  },
  verifyEmail: {
    subject: 'Confirma tu correo electrónico',
    intro: 'Confirma que este es el correo de tu cuenta de Reorder.',
    action: 'Confirmar mi correo',
    expiry: 'El enlace funciona una sola vez y caduca en 24 horas.',
    ignore: 'Si no has creado una cuenta de Reorder, puedes ignorar este correo.',
  },
  changeEmail: {
    subject: 'Confirma tu nuevo correo electrónico',
    intro: 'Has pedido usar esta dirección en tu cuenta de Reorder. El cambio se hace al abrir este enlace.',
    action: 'Usar este correo',
  },
  emailChangeRequested: {
    subject: 'Se está cambiando tu correo electrónico',
    body: 'Alguien con la sesión iniciada en tu cuenta de Reorder ha pedido cambiar su correo a {{email}}. Solo cambia cuando esa dirección lo confirme.',
    notYou: 'Si no has sido tú, restablece tu contraseña ahora:',
  },
  reminder: {
    subject: 'Haz el pedido a {{supplier}} antes de las {{time}}',
    body: 'Haz el pedido a {{supplier}} como tarde {{when}} para la entrega del {{delivery}}. Todavía no se ha enviado.',
    action: 'Abrir el pedido',
    why: 'Recibes esto porque tienes los recordatorios activados en tu perfil. Allí puedes desactivarlos o cambiar con cuánta antelación llegan.',
    push: 'Pide como tarde {{when}} para la entrega del {{delivery}}',
    today: 'a las {{time}}',
    onDay: 'el {{day}} a las {{time}}',
  },
  confirmation: {
    subject: 'Respuesta de {{supplier}}: {{status}}',
    changedSubject: '{{supplier}} ha cambiado su respuesta: {{status}}',
    confirmed: 'pedido confirmado',
    partial: 'faltan algunos productos',
    declined: 'pedido rechazado',
    body: '{{supplier}} ha respondido a tu pedido del {{sent}}.',
    unavailable: 'No disponible: {{items}}.',
    allAvailable: 'Está todo disponible.',
    changes: 'Cambios: {{items}}.',
    quantity: '{{quantity}} en vez de {{sent}}',
    price: '{{price}} por {{unit}}',
    rise: '{{price}} por {{unit}}, sube un {{percent}} % ⚠',
    substitute: 'en su lugar: {{substitute}}',
    delivery: 'Entrega: {{date}}.',
    note: 'Su nota: «{{note}}»',
    action: 'Abrir el pedido',
  },
  accountDeleted: {
    subject: 'Se ha eliminado tu cuenta de Reorder',
    body: 'Se ha eliminado tu cuenta de Reorder y todo lo que contenía (proveedores, productos, pedidos y su historial), como se pidió desde un dispositivo con la sesión iniciada.',
    notYou:
      'Si no has sido tú, alguien conocía tu contraseña: protege esta cuenta de correo y escríbenos desde el formulario de comentarios de una cuenta nueva.',
  },
  apiTokenCreated: {
    subject: 'Se ha creado un token de API para tu cuenta',
    body: 'Se acaba de crear un token de API llamado «{{name}}» para tu cuenta de Reorder. Da acceso a tus proveedores, productos y pedidos hasta el {{expires}}.',
    notYou: 'Si no has sido tú, revócalo en tu perfil, cierra la sesión en todos los dispositivos y restablece tu contraseña ahora:',
  },
  webhookDisabled: {
    subject: 'Hemos desactivado uno de tus webhooks',
    body: 'Los envíos a {{url}} de {{business}} llevan 24 horas fallando (el último: {{error}}), así que Reorder ha desactivado el webhook y no le enviará nada más.',
    fix: 'Cuando el receptor vuelva a funcionar, pulsa «Enviar evento de prueba» en la pantalla de webhooks: una prueba entregada lo vuelve a activar.',
  },
  accountLinked: {
    subject: 'Tu cuenta ahora entra con {{provider}}',
    body: 'Alguien ha entrado con {{provider}} usando este correo, que aún no estaba confirmado. La cuenta pertenece ahora a esa cuenta de {{provider}}: se ha quitado su contraseña y se ha cerrado la sesión en todos los dispositivos.',
    next: 'Si has sido tú, no hace falta nada más. Para entrar también con contraseña, elige una aquí:',
  },
};
