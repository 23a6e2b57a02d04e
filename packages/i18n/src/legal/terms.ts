import type { LegalTexts } from './types.ts';

/** The terms and conditions (Irish law). Spanish is written for Spain, not translated word for word. */
export const terms: LegalTexts = {
  en: {
    title: 'Terms and conditions',
    updated: 'Last updated: 14 July 2020',
    intro:
      'These terms govern your use of Reorder, the web app in which small businesses keep their suppliers, the products they buy from each one and a current order per supplier, ready to send. Please read them carefully: by using Reorder you agree to them.',
    sections: [
      {
        heading: 'Accepting these terms',
        paragraphs: [
          'These terms are an agreement between you and the company that provides Reorder, established in Ireland ("Reorder", "we", "us"). By creating an account or using Reorder you accept them. If you do not agree, please do not use Reorder.',
          'Reorder is meant to be used in the course of a business. If you accept these terms on behalf of a business, you confirm that you are authorised to bind it, and "you" includes that business. You must be at least 18 years old.',
          'Our privacy policy, which explains how we handle personal data, forms part of these terms.',
        ],
      },
      {
        heading: 'The service',
        paragraphs: [
          "Reorder lets you keep a list of your suppliers, with their contact details and the way each one likes to receive orders, the products you buy from each of them, and one current order per supplier. Reorder turns that order into a message that you can copy as text or as an image and send through the supplier's messaging service.",
          'Reorder is a tool for organising and preparing your orders. We do not sell products, take part in your orders, handle payments or deliveries, or act for you or for your suppliers. Any contract for goods is between you and your supplier.',
        ],
      },
      {
        heading: 'Your account and its security',
        paragraphs: [
          'You must give accurate information when you register and keep it up to date. You are responsible for everything done through your account.',
          'Keep your password confidential and do not share your account. Your session is stored in the browser you sign in with, so sign out when you use a shared or public device. If you think someone else has used your account, change your password at once, which signs out every other session, and let us know.',
          "If you sign in with Google or Facebook, that provider's terms also apply, and keeping that account secure is up to you.",
        ],
      },
      {
        heading: 'Acceptable use',
        paragraphs: ['You agree to use Reorder lawfully and fairly. In particular, you must not:'],
        list: [
          'Use Reorder for anything illegal, fraudulent or harmful, or to send spam or messages that harass anyone.',
          'Store content that you have no right to hold or that infringes the rights of others.',
          "Try to get into another user's account or data, or probe, test or get round our security measures.",
          'Overload, disrupt or attack the service, for example with automated requests beyond normal use or by trying to get round the limits on repeated attempts.',
          'Copy, resell or reverse-engineer Reorder, except where the law expressly allows it.',
        ],
        after: [
          'You may use the documented API with your own account to automate your own work, as long as you respect these terms and the limits of the service.',
        ],
      },
      {
        heading: 'Your content',
        paragraphs: [
          'Your suppliers, products, orders, messages and notes ("your content") remain yours. We claim no ownership of them.',
          'You give us a limited permission to store, process and display your content only as far as we need to provide Reorder to you. We do not sell it or use it for advertising. Our privacy policy explains how we handle personal data.',
          'You are responsible for your content and for having the right to keep the contact details of the people at your suppliers. Keep your own copy of anything you cannot afford to lose.',
        ],
      },
      {
        heading: 'Messages sent through other services',
        paragraphs: [
          "Reorder does not send your orders itself. When you send an order by WhatsApp, Telegram, SMS, email, phone or any other means, you do so under that service's own terms, and we have no control over it.",
          'You are responsible for the messages you send and for checking each order (supplier, products, units and quantities) before you send it. We are not responsible for orders that are wrong, incomplete, late or never delivered, nor for any charges your provider makes for sending messages.',
        ],
      },
      {
        heading: 'Availability and changes to the service',
        paragraphs: [
          'We work to keep Reorder available and working well, but we cannot promise that it will always be available, uninterrupted or free of errors. We may need to suspend it for maintenance, for security or for reasons beyond our control.',
          'We may change, add or remove features over time. If we decide to close Reorder altogether, we will give you reasonable notice, at least 30 days where possible, so that you can keep a copy of your data.',
        ],
      },
      {
        heading: 'Fees',
        paragraphs: [
          'Reorder is free of charge. If we ever introduce paid features, we will tell you clearly and in advance, and you will never be charged for anything you have not expressly agreed to pay for.',
          'Your phone or internet provider and the messaging services you use may charge you under their own terms.',
        ],
      },
      {
        heading: 'Our intellectual property',
        paragraphs: [
          'Reorder, its software, design, texts and name belong to us or to our licensors. Subject to these terms, we give you a personal, non-exclusive and non-transferable right to use Reorder for your business. No other rights are granted.',
          'If you send us feedback or suggestions, we may use them to improve Reorder without any obligation to you.',
        ],
      },
      {
        heading: 'Limitation of liability',
        paragraphs: [
          'Reorder is provided free of charge and "as is". To the fullest extent permitted by law, we give no warranty that it will meet your particular needs.',
          'We are not liable for any indirect or consequential loss, for any loss of profit, revenue, business, goodwill or stock, or for losses caused by orders that are wrong, missed or late, whether in contract, in tort (including negligence) or otherwise. Our total liability to you arising out of or in connection with Reorder in any period of 12 months is limited to €100.',
          'Nothing in these terms limits or excludes liability for death or personal injury caused by negligence, for fraud or fraudulent misrepresentation, or any other liability that cannot be limited or excluded under Irish law. If you are a consumer, these terms do not affect your statutory rights.',
        ],
      },
      {
        heading: 'Suspension and termination',
        paragraphs: [
          'You may stop using Reorder at any time. To close your account and have your data deleted, ask us through the feedback form.',
          'We may suspend or close your account if you seriously or repeatedly breach these terms, if the law requires us to, or to protect Reorder or its other users. Unless there is an urgent reason not to, we will tell you first and explain why.',
          'When your account is closed, your right to use Reorder ends and your data is deleted as our privacy policy describes. The sections that by their nature should continue, such as those on liability and governing law, stay in force.',
        ],
      },
      {
        heading: 'Governing law and courts',
        paragraphs: [
          'These terms, and any dispute or claim arising out of or in connection with them or with Reorder, are governed by the laws of Ireland.',
          'The courts of Ireland have exclusive jurisdiction over any such dispute. If you are a consumer living elsewhere in the European Union, you keep the protection of the mandatory rules of the law of your country, and you may also bring proceedings in the courts where you live.',
        ],
      },
      {
        heading: 'Changes to these terms',
        paragraphs: [
          'We may update these terms from time to time, for example when Reorder or the law changes. We will change the date at the top and, if the changes are significant, we will tell you by email or in the app at least 30 days before they take effect. If you keep using Reorder after that date, you accept the new terms; if you do not agree, you can close your account before then.',
        ],
      },
      {
        heading: 'General',
        paragraphs: [
          'If any part of these terms is found to be invalid or unenforceable, the rest remains in force. If we do not enforce a right straight away, we do not give it up. You may not transfer your rights under these terms without our consent; we may transfer ours to a company that takes over Reorder, as long as your rights are not reduced.',
          'These terms and our privacy policy are the whole agreement between you and us about Reorder.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: [
          'If you have any questions about these terms, write to us through the feedback form in the app: open Profile and choose "Send feedback".',
        ],
      },
    ],
  },
  es: {
    title: 'Términos y condiciones',
    updated: 'Última actualización: 14 de julio de 2020',
    intro:
      'Estos términos regulan el uso de Reorder, la aplicación web en la que los pequeños negocios tienen a sus proveedores, los productos que compran a cada uno y un pedido en curso por proveedor, listo para enviar. Léelos con atención: al usar Reorder, los aceptas.',
    sections: [
      {
        heading: 'Aceptación',
        paragraphs: [
          'Estos términos son un acuerdo entre tú y la sociedad que ofrece Reorder, establecida en Irlanda («Reorder» o «nosotros»). Al crear una cuenta o usar Reorder los aceptas. Si no estás de acuerdo con ellos, no utilices Reorder.',
          'Reorder está pensado para usarse en el ámbito de un negocio. Si aceptas estos términos en nombre de una empresa, confirmas que tienes facultades para obligarla y, en ese caso, «tú» incluye también a esa empresa. Debes tener al menos 18 años.',
          'Nuestra política de privacidad, que explica cómo tratamos los datos personales, forma parte de estos términos.',
        ],
      },
      {
        heading: 'El servicio',
        paragraphs: [
          'Reorder te permite tener una lista de tus proveedores, con sus datos de contacto y la forma en que cada uno prefiere recibir los pedidos, los productos que compras a cada uno y un pedido en curso por proveedor. Reorder convierte ese pedido en un mensaje que puedes copiar como texto o como imagen y enviar por el servicio de mensajería del proveedor.',
          'Reorder es una herramienta para organizar y preparar tus pedidos. No vendemos productos, no intervenimos en tus pedidos, no gestionamos pagos ni entregas y no actuamos en tu nombre ni en el de tus proveedores. Cualquier compraventa es un asunto entre tú y tu proveedor.',
        ],
      },
      {
        heading: 'Tu cuenta y su seguridad',
        paragraphs: [
          'Al registrarte debes dar datos veraces y mantenerlos al día. Eres responsable de todo lo que se haga desde tu cuenta.',
          'Guarda tu contraseña en secreto y no compartas la cuenta. La sesión se guarda en el navegador con el que entras, así que ciérrala si usas un dispositivo compartido o público. Si crees que alguien ha usado tu cuenta, cambia la contraseña enseguida (así se cierran todas las demás sesiones) y avísanos.',
          'Si entras con Google o Facebook, también se aplican las condiciones de ese proveedor, y mantener segura esa cuenta depende de ti.',
        ],
      },
      {
        heading: 'Uso aceptable',
        paragraphs: ['Te comprometes a usar Reorder de forma lícita y razonable. En concreto, no puedes:'],
        list: [
          'Usar Reorder para nada ilegal, fraudulento o dañino, ni para enviar spam o mensajes que acosen a otras personas.',
          'Guardar contenido que no tengas derecho a tener o que vulnere derechos de terceros.',
          'Intentar acceder a la cuenta o a los datos de otro usuario, ni sondear, poner a prueba o eludir nuestras medidas de seguridad.',
          'Sobrecargar, interrumpir o atacar el servicio, por ejemplo con peticiones automáticas que excedan un uso normal o intentando saltarte los límites de intentos.',
          'Copiar, revender o aplicar ingeniería inversa a Reorder, salvo en lo que la ley permita expresamente.',
        ],
        after: [
          'Puedes usar la API documentada con tu propia cuenta para automatizar tu trabajo, siempre que respetes estos términos y los límites del servicio.',
        ],
      },
      {
        heading: 'Tu contenido',
        paragraphs: [
          'Tus proveedores, productos, pedidos, mensajes y notas («tu contenido») siguen siendo tuyos. No reclamamos ningún derecho de propiedad sobre ellos.',
          'Nos autorizas, de forma limitada, a guardar, tratar y mostrar tu contenido únicamente en la medida necesaria para prestarte el servicio. No lo vendemos ni lo usamos para publicidad. Cómo tratamos los datos personales se explica en la política de privacidad.',
          'Eres responsable de tu contenido y de tener derecho a guardar los datos de contacto de las personas de tus proveedores. Guarda tu propia copia de todo lo que no te puedas permitir perder.',
        ],
      },
      {
        heading: 'Mensajes enviados a través de otros servicios',
        paragraphs: [
          'Reorder no envía tus pedidos. Cuando mandas un pedido por WhatsApp, Telegram, SMS, correo electrónico, teléfono o cualquier otro medio, lo haces con sujeción a las condiciones de ese servicio, sobre el que no tenemos ningún control.',
          'Eres responsable de los mensajes que envías y de revisar cada pedido (proveedor, productos, unidades y cantidades) antes de mandarlo. No respondemos de pedidos erróneos o incompletos, de los que lleguen tarde o no lleguen, ni de lo que tu operador te cobre por enviar mensajes.',
        ],
      },
      {
        heading: 'Disponibilidad y cambios en el servicio',
        paragraphs: [
          'Trabajamos para que Reorder esté disponible y funcione bien, pero no podemos garantizar que lo esté siempre, sin interrupciones ni errores. Puede que tengamos que suspenderlo por mantenimiento, por seguridad o por causas ajenas a nuestra voluntad.',
          'Con el tiempo podemos cambiar, añadir o retirar funciones. Si decidiéramos cerrar Reorder definitivamente, te avisaríamos con una antelación razonable, de al menos 30 días siempre que sea posible, para que puedas guardar una copia de tus datos.',
        ],
      },
      {
        heading: 'Precio',
        paragraphs: [
          'Reorder es gratuito. Si algún día incorporamos funciones de pago, te lo diremos con claridad y con antelación, y nunca te cobraremos nada que no hayas aceptado pagar expresamente.',
          'Tu operador de telefonía o de internet y los servicios de mensajería que uses pueden cobrarte según sus propias condiciones.',
        ],
      },
      {
        heading: 'Propiedad intelectual',
        paragraphs: [
          'Reorder, su software, su diseño, sus textos y su nombre nos pertenecen a nosotros o a nuestros licenciantes. Con sujeción a estos términos, te concedemos un derecho personal, no exclusivo e intransferible a usar Reorder para tu negocio. No se concede ningún otro derecho.',
          'Si nos envías comentarios o sugerencias, podemos usarlos para mejorar Reorder sin contraer ninguna obligación contigo.',
        ],
      },
      {
        heading: 'Limitación de responsabilidad',
        paragraphs: [
          'Reorder se ofrece gratis y «tal cual». En la medida en que lo permita la ley, no garantizamos que se ajuste a tus necesidades concretas.',
          'No respondemos de daños indirectos o consecuenciales, ni de la pérdida de beneficios, ingresos, negocio, clientela o existencias, ni de los perjuicios causados por pedidos erróneos, no enviados o tardíos, ya sea por vía contractual, extracontractual (incluida la negligencia) o de cualquier otro tipo. Nuestra responsabilidad total frente a ti derivada de Reorder o relacionada con él se limita a 100 € por cada periodo de 12 meses.',
          'Nada de lo dispuesto en estos términos limita ni excluye nuestra responsabilidad por muerte o lesiones personales causadas por negligencia, por fraude o declaraciones fraudulentas, ni ninguna otra responsabilidad que no pueda limitarse o excluirse según la legislación irlandesa. Si eres consumidor, estos términos no afectan a los derechos que te reconoce la ley.',
        ],
      },
      {
        heading: 'Suspensión y baja',
        paragraphs: [
          'Puedes dejar de usar Reorder cuando quieras. Para darte de baja y que borremos tus datos, pídenoslo desde el formulario de comentarios.',
          'Podemos suspender o cerrar tu cuenta si incumples estos términos de forma grave o reiterada, si la ley nos obliga a ello o para proteger Reorder o a otros usuarios. Salvo que haya un motivo urgente que lo impida, te avisaremos antes y te explicaremos por qué.',
          'Cuando se cierra tu cuenta, se extingue tu derecho a usar Reorder y tus datos se borran como se explica en la política de privacidad. Las cláusulas que por su naturaleza deban seguir aplicándose, como las de responsabilidad y ley aplicable, continúan en vigor.',
        ],
      },
      {
        heading: 'Ley aplicable y jurisdicción',
        paragraphs: [
          'Estos términos, y cualquier conflicto o reclamación que se derive de ellos o de Reorder o que guarde relación con ellos, se rigen por la legislación de Irlanda.',
          'Los tribunales de Irlanda tienen competencia exclusiva para resolver esos conflictos. No obstante, si eres consumidor y resides en otro país de la Unión Europea, sigues amparado por las normas imperativas de la ley de tu país y también puedes acudir a los tribunales de tu domicilio.',
        ],
      },
      {
        heading: 'Cambios en estos términos',
        paragraphs: [
          'Podemos actualizar estos términos de vez en cuando, por ejemplo cuando cambie Reorder o la normativa. Cambiaremos la fecha que figura al principio y, si los cambios son importantes, te avisaremos por correo o en la aplicación al menos 30 días antes de que entren en vigor. Si sigues usando Reorder a partir de esa fecha, aceptas los nuevos términos; si no estás de acuerdo, puedes darte de baja antes.',
        ],
      },
      {
        heading: 'Disposiciones generales',
        paragraphs: [
          'Si alguna parte de estos términos se considerara nula o inaplicable, el resto seguirá en vigor. Que no ejerzamos un derecho en un momento dado no significa que renunciemos a él. No puedes ceder los derechos que te otorgan estos términos sin nuestro consentimiento; nosotros podemos ceder los nuestros a una empresa que se haga cargo de Reorder, siempre que tus derechos no se vean reducidos.',
          'Estos términos y la política de privacidad constituyen el acuerdo completo entre tú y nosotros sobre Reorder.',
        ],
      },
      {
        heading: 'Contacto',
        paragraphs: [
          'Si tienes cualquier pregunta sobre estos términos, escríbenos desde el formulario de comentarios de la aplicación: entra en Perfil y elige «Enviar comentarios».',
        ],
      },
    ],
  },
};
