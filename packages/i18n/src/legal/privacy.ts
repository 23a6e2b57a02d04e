import type { LegalTexts } from './types.ts';

/** The privacy policy (GDPR, Irish law). Spanish is written for Spain, not translated word for word. */
export const privacy: LegalTexts = {
  en: {
    title: 'Privacy policy',
    updated: 'Last updated: 23 November 2026',
    intro:
      'Reorder helps small businesses keep their suppliers, products and orders in one place. This policy explains what personal data we process when you use Reorder, why we process it, who helps us do so, how long we keep it and the rights you have under the EU General Data Protection Regulation (GDPR) and Irish data protection law.',
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          'Reorder is provided by a company established in Ireland ("Reorder", "we", "us"). We are the controller of the personal data this policy describes about you as a user of Reorder: your account, your feedback and the technical data needed to run the service.',
          'The information you keep about your suppliers, such as the name, phone number or email address of a contact person, is different: you decide what to store and why. For that information you are the controller, and we process it on your behalf as your processor, only to provide Reorder to you and as set out in our terms and conditions.',
        ],
      },
      {
        heading: 'The data we process',
        paragraphs: ['We only collect what Reorder needs to work:'],
        list: [
          {
            term: 'Account details',
            text: 'your business name, your full name, your email address, your preferred language and a username made from your email address. We never store your password as you typed it, only an argon2id hash of it, from which the password cannot be recovered.',
          },
          {
            term: 'Your business data',
            text: 'the suppliers you add (name, contact person, messaging service, phone number or email address, notes), their products (name and unit) and your orders (the message above each order and the quantities).',
          },
          { term: 'Feedback', text: 'the name, email address and message you send us through the feedback form.' },
          {
            term: 'Google or Facebook sign-in',
            text: 'if you choose it, the provider confirms your identity to us and shares your name and email address. We do not receive your password for that account, nor access to your contacts or posts.',
          },
          {
            term: 'Technical data',
            text: 'when your browser talks to our servers, your IP address, the time of the request and similar technical details are processed to answer the request and to protect the service. To limit repeated sign-in, registration and password reset attempts we keep counters under a one-way hash of the IP address and of the email address, never the addresses themselves.',
          },
        ],
        after: [
          'We do not ask for special categories of data, such as health information, and you should not store them in Reorder. We do not process payment details: Reorder is free.',
        ],
      },
      {
        heading: 'Why we use it and on what legal basis',
        paragraphs: ['We use your data only for the following purposes:'],
        list: [
          'To create and run your account, keep your suppliers, products and orders, prepare the text of each order and let you copy it. Legal basis: the performance of our contract with you (Article 6(1)(b) GDPR).',
          'To send you the emails the service needs: password reset links and a notice when your password changes. Legal basis: the performance of our contract, and our legitimate interest in keeping your account secure (Article 6(1)(f)).',
          'To keep Reorder secure and available: limits on repeated attempts, detecting abuse and investigating errors. Legal basis: our legitimate interest in protecting the service and the people who use it (Article 6(1)(f)).',
          'To read and answer your feedback and to improve Reorder. Legal basis: our legitimate interest in hearing from our users and making the product better (Article 6(1)(f)).',
          'To comply with the law, for example when a competent authority makes a lawful request. Legal basis: a legal obligation (Article 6(1)(c)).',
        ],
        after: [
          'We do not sell your data, use it for advertising, build profiles of you or make decisions about you by automated means. We do not send marketing emails.',
        ],
      },
      {
        heading: 'Who we share it with',
        paragraphs: [
          'We use a small number of service providers (processors). They handle data only on our instructions, under a written contract that meets the requirements of Article 28 GDPR:',
        ],
        list: [
          {
            term: 'Hosting',
            text: 'the provider of the servers and the PostgreSQL database on which Reorder runs and your data is stored.',
          },
          {
            term: 'Email delivery',
            text: 'the provider that delivers our emails: password reset links, password change notices, and the feedback you send us, which reaches our team by email.',
          },
        ],
        after: [
          'If you sign in with Google or Facebook, Google Ireland Limited or Meta Platforms Ireland Limited process your data as independent controllers, under their own privacy policies.',
          "When you send an order, you copy it into the messaging service you choose (WhatsApp, Telegram, SMS, email or another). Reorder does not send the message itself; what happens to it is governed by that service's own terms and privacy policy.",
          'We may also disclose data where the law requires it or, if Reorder is ever sold, to the buyer, who would have to keep protecting it as this policy describes.',
        ],
      },
      {
        heading: 'International transfers',
        paragraphs: [
          'We aim to store and process your data within the European Economic Area (EEA). If a provider ever needs to process it outside the EEA, we make sure the transfer is protected as the GDPR requires, for example by an adequacy decision of the European Commission or by the Standard Contractual Clauses.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: ['We keep personal data only for as long as we need it:'],
        list: [
          {
            term: 'Account and business data',
            text: 'for as long as you have an account. Deleting a supplier deletes its order and products straight away. When you delete your account (Profile, "Delete my account"), it and everything in it are deleted straight away, with the feedback you sent from it; copies in our backups are overwritten within 30 days.',
          },
          { term: 'Password reset links', text: 'valid for one hour and usable once; we store only a hash of each link.' },
          { term: 'Counters of repeated attempts', text: 'deleted within about two hours.' },
          {
            term: 'Feedback',
            text: 'for as long as we need it to deal with your message and improve Reorder, and never more than two years.',
          },
          {
            term: 'Server logs',
            text: 'for a short period, normally no more than 30 days, unless they are needed to investigate a security incident.',
          },
        ],
        after: [
          'We keep data for longer only where the law requires it or where it is needed to establish, exercise or defend legal claims.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: ['Under the GDPR you have the following rights:'],
        list: [
          {
            term: 'Access',
            text: 'to know what personal data we hold about you and to receive a copy of it. You can download a copy of everything in your account yourself, at any time, from your profile ("Download my data").',
          },
          {
            term: 'Rectification',
            text: 'to have inaccurate data corrected. You can change your name, business name, email address and language yourself in your profile.',
          },
          {
            term: 'Erasure',
            text: 'to have your data deleted. You can delete your account and everything in it yourself, at once, from your profile ("Delete my account").',
          },
          { term: 'Restriction', text: 'to have us limit how we use your data in certain circumstances.' },
          {
            term: 'Portability',
            text: 'to receive the data you gave us in a structured, machine-readable format, and to have it sent to another provider. The copy you download from your profile is such a format: one JSON file.',
          },
          { term: 'Objection', text: 'to object to any processing we base on our legitimate interests.' },
        ],
        after: [
          'To exercise any of these rights, contact us as described below. We will answer within one month; if a request is complex we may extend that by up to two further months, and we will tell you why. We may first need to confirm that the request comes from you. Exercising your rights is free of charge.',
          'You also have the right to lodge a complaint with a supervisory authority. Our lead authority is the Data Protection Commission in Ireland (www.dataprotection.ie); you may also complain to the authority of the EU country where you live or work. We would appreciate the chance to deal with your concern first.',
          'If you are a contact person at a supplier and one of our users has stored your details, please contact that business first, since it decides what is kept about you. We will help it respond to you.',
        ],
      },
      {
        heading: 'Cookies and local storage',
        paragraphs: [
          'Reorder uses no cookies, no analytics, no advertising and no other tracking technology.',
          "To keep you signed in and remember your language, the app stores three items in your browser's local storage: your session token, a copy of your basic profile (so the app can show your name without asking the server again) and your language choice. They are strictly necessary for the service you asked for, so they need no consent banner. Your session token expires after seven days, and signing out removes the token and the profile from the browser. You can also clear them at any time in your browser's settings.",
          "If you sign in with Google or Facebook, the provider's own pages may set cookies under its own policy.",
        ],
      },
      {
        heading: 'Security',
        paragraphs: ['We protect your data with measures suited to the risk, including:'],
        list: [
          'Encrypted connections (HTTPS) between your browser and our servers.',
          'Passwords hashed with argon2id, a modern algorithm designed to resist guessing.',
          'Sessions that expire, and that all end when you change or reset your password.',
          'Password reset links that are random, usable once and valid for one hour.',
          'Limits on repeated sign-in and password reset attempts.',
          'Strict separation between accounts: each account can only ever see its own suppliers, products and orders.',
        ],
        after: [
          'No system is completely secure. Because your session is kept in your browser, sign out when you use a shared device, and keep your password to yourself. If we become aware of a breach that puts your rights at risk, we will notify the Data Protection Commission and, where the law requires it, you.',
        ],
      },
      {
        heading: 'Children',
        paragraphs: [
          'Reorder is a tool for businesses and is not intended for children. You must be at least 18 years old to create an account. We do not knowingly collect data from anyone under 18; if you believe a child has given us personal data, let us know and we will delete it.',
        ],
      },
      {
        heading: 'Changes to this policy',
        paragraphs: [
          'We may update this policy when Reorder or the law changes. We will change the date at the top and, if the changes are significant, we will tell you by email or in the app before they take effect.',
        ],
      },
      {
        heading: 'Contact us',
        paragraphs: [
          'The quickest way to reach us about your privacy is the feedback form in the app: open Profile and choose "Send feedback". Tell us that your message is about privacy and, if it applies, which right you want to exercise.',
          'If you cannot sign in, first regain access with "Forgot your password?" on the sign-in page.',
        ],
      },
    ],
  },
  es: {
    title: 'Política de privacidad',
    updated: 'Última actualización: 23 de noviembre de 2026',
    intro:
      'Reorder ayuda a los pequeños negocios a tener sus proveedores, productos y pedidos en un solo sitio. En esta política te contamos qué datos personales tratamos cuando usas Reorder, para qué los usamos, quién nos ayuda a tratarlos, cuánto tiempo los conservamos y qué derechos tienes según el Reglamento General de Protección de Datos de la UE (RGPD) y la normativa irlandesa de protección de datos.',
    sections: [
      {
        heading: 'Quiénes somos',
        paragraphs: [
          'Reorder lo ofrece una sociedad establecida en Irlanda («Reorder» o «nosotros»). Somos los responsables del tratamiento de los datos personales que se describen en esta política y que te conciernen como usuario: los de tu cuenta, tus comentarios y los datos técnicos necesarios para que el servicio funcione.',
          'Los datos que guardas sobre tus proveedores (por ejemplo, el nombre, el teléfono o el correo de la persona de contacto) son otra cosa: eres tú quien decide qué se guarda y para qué. Respecto a esos datos, el responsable eres tú y nosotros somos encargados del tratamiento: los tratamos por cuenta tuya, solo para prestarte el servicio y según lo previsto en los términos y condiciones.',
        ],
      },
      {
        heading: 'Qué datos tratamos',
        paragraphs: ['Solo recogemos lo que Reorder necesita para funcionar:'],
        list: [
          {
            term: 'Datos de la cuenta',
            text: 'el nombre de tu negocio, tu nombre completo, tu correo electrónico, el idioma que prefieres y un nombre de usuario que se genera a partir de tu correo. Nunca guardamos tu contraseña tal cual: solo conservamos un hash argon2id, a partir del cual no se puede recuperar.',
          },
          {
            term: 'Datos de tu negocio',
            text: 'los proveedores que añades (nombre, persona de contacto, servicio de mensajería, teléfono o correo y notas), sus productos (nombre y unidad) y tus pedidos (el mensaje que va antes de cada pedido y las cantidades).',
          },
          { term: 'Comentarios', text: 'el nombre, el correo y el mensaje que nos envías desde el formulario de comentarios.' },
          {
            term: 'Acceso con Google o Facebook',
            text: 'si eliges esta opción, el proveedor nos confirma tu identidad y nos facilita tu nombre y tu correo. No recibimos la contraseña de esa cuenta ni tenemos acceso a tus contactos ni a tus publicaciones.',
          },
          {
            term: 'Datos técnicos',
            text: 'cuando tu navegador se comunica con nuestros servidores, se tratan tu dirección IP, la hora de la petición y otros datos técnicos parecidos para poder responderla y proteger el servicio. Para limitar los intentos repetidos de inicio de sesión, registro y restablecimiento de contraseña, llevamos unos contadores asociados a un hash irreversible de la dirección IP y del correo, nunca a las direcciones en sí.',
          },
        ],
        after: [
          'No te pedimos categorías especiales de datos, como los relativos a la salud, y te rogamos que no los guardes en Reorder. Tampoco tratamos datos de pago: Reorder es gratuito.',
        ],
      },
      {
        heading: 'Para qué los usamos y con qué base jurídica',
        paragraphs: ['Usamos tus datos únicamente para lo siguiente:'],
        list: [
          'Crear y gestionar tu cuenta, guardar tus proveedores, productos y pedidos, preparar el texto de cada pedido y permitirte copiarlo. Base jurídica: la ejecución del contrato que tenemos contigo (artículo 6.1.b del RGPD).',
          'Enviarte los correos imprescindibles del servicio: el enlace para restablecer la contraseña y el aviso de que se ha cambiado. Base jurídica: la ejecución del contrato y nuestro interés legítimo en mantener segura tu cuenta (artículo 6.1.f).',
          'Mantener Reorder seguro y disponible: límites de intentos, detección de abusos e investigación de errores. Base jurídica: nuestro interés legítimo en proteger el servicio y a quienes lo usan (artículo 6.1.f).',
          'Leer y contestar tus comentarios y aprovecharlos para mejorar Reorder. Base jurídica: nuestro interés legítimo en escuchar a los usuarios y mejorar el producto (artículo 6.1.f).',
          'Cumplir la ley, por ejemplo si una autoridad competente nos lo requiere legalmente. Base jurídica: el cumplimiento de una obligación legal (artículo 6.1.c).',
        ],
        after: [
          'No vendemos tus datos, no los usamos para publicidad, no elaboramos perfiles sobre ti ni tomamos decisiones automatizadas que te afecten. Tampoco te enviamos correos comerciales.',
        ],
      },
      {
        heading: 'Con quién los compartimos',
        paragraphs: [
          'Trabajamos con unos pocos proveedores de servicios (encargados del tratamiento), que solo tratan los datos siguiendo nuestras instrucciones y con un contrato que cumple el artículo 28 del RGPD:',
        ],
        list: [
          {
            term: 'Alojamiento',
            text: 'la empresa que proporciona los servidores y la base de datos PostgreSQL en los que funciona Reorder y se guardan tus datos.',
          },
          {
            term: 'Envío de correo',
            text: 'la empresa que entrega nuestros correos: los enlaces para restablecer la contraseña, los avisos de cambio de contraseña y los comentarios que nos envías, que llegan a nuestro equipo por correo.',
          },
        ],
        after: [
          'Si inicias sesión con Google o Facebook, Google Ireland Limited o Meta Platforms Ireland Limited tratan tus datos como responsables independientes, conforme a sus propias políticas de privacidad.',
          'Cuando envías un pedido, lo copias en el servicio de mensajería que eliges (WhatsApp, Telegram, SMS, correo u otro). Reorder no envía el mensaje: lo que ocurra con él se rige por las condiciones y la política de privacidad de ese servicio.',
          'También podemos comunicar datos cuando lo exija la ley o, si algún día se vendiera Reorder, al comprador, que tendría que seguir protegiéndolos como se describe en esta política.',
        ],
      },
      {
        heading: 'Transferencias internacionales',
        paragraphs: [
          'Procuramos guardar y tratar tus datos dentro del Espacio Económico Europeo (EEE). Si algún proveedor tuviera que tratarlos fuera del EEE, nos aseguraremos de que la transferencia cuente con las garantías que exige el RGPD, como una decisión de adecuación de la Comisión Europea o las cláusulas contractuales tipo.',
        ],
      },
      {
        heading: 'Cuánto tiempo los conservamos',
        paragraphs: ['Conservamos los datos personales solo mientras los necesitamos:'],
        list: [
          {
            term: 'Cuenta y datos de tu negocio',
            text: 'mientras tengas cuenta. Al eliminar un proveedor se eliminan en el acto su pedido y sus productos. Cuando eliminas tu cuenta (Perfil, «Eliminar mi cuenta»), se borra en el acto con todo su contenido y los comentarios que enviaste desde ella; las copias de seguridad se sobrescriben en 30 días como máximo.',
          },
          {
            term: 'Enlaces para restablecer la contraseña',
            text: 'sirven durante una hora y una sola vez; solo guardamos un hash de cada enlace.',
          },
          { term: 'Contadores de intentos', text: 'se borran en unas dos horas.' },
          {
            term: 'Comentarios',
            text: 'el tiempo necesario para atenderlos y aprovecharlos para mejorar Reorder, y nunca más de dos años.',
          },
          {
            term: 'Registros del servidor',
            text: 'durante un periodo breve, normalmente no más de 30 días, salvo que hagan falta para investigar un incidente de seguridad.',
          },
        ],
        after: [
          'Solo conservamos datos durante más tiempo si lo exige la ley o si son necesarios para formular, ejercer o defender reclamaciones.',
        ],
      },
      {
        heading: 'Tus derechos',
        paragraphs: ['El RGPD te reconoce los siguientes derechos:'],
        list: [
          {
            term: 'Acceso',
            text: 'saber qué datos personales tuyos tenemos y recibir una copia. Puedes descargar tú mismo, cuando quieras, una copia de todo lo que hay en tu cuenta desde tu perfil («Descargar mis datos»).',
          },
          {
            term: 'Rectificación',
            text: 'que corrijamos los datos inexactos. Tu nombre, el de tu negocio, tu correo y tu idioma puedes cambiarlos tú mismo desde tu perfil.',
          },
          {
            term: 'Supresión',
            text: 'que borremos tus datos. Puedes eliminar tú mismo tu cuenta y todo su contenido, en el acto, desde tu perfil («Eliminar mi cuenta»).',
          },
          { term: 'Limitación', text: 'que restrinjamos su uso en determinados casos.' },
          {
            term: 'Portabilidad',
            text: 'recibir los datos que nos has facilitado en un formato estructurado y legible por máquina, y que se los enviemos a otro proveedor. La copia que descargas desde tu perfil está en ese formato: un archivo JSON.',
          },
          { term: 'Oposición', text: 'oponerte a los tratamientos que se basan en nuestro interés legítimo.' },
        ],
        after: [
          'Para ejercer cualquiera de ellos, escríbenos como se indica más abajo. Te responderemos en el plazo de un mes, que podremos ampliar otros dos meses si la solicitud es compleja; en ese caso te explicaremos el motivo. Puede que antes tengamos que comprobar que la solicitud es tuya. Ejercer tus derechos es gratuito.',
          'También tienes derecho a presentar una reclamación ante una autoridad de control. Nuestra autoridad principal es la Comisión de Protección de Datos de Irlanda (Data Protection Commission, www.dataprotection.ie), pero también puedes acudir a la del país de la UE en el que vivas o trabajes; en España, la Agencia Española de Protección de Datos (www.aepd.es). Eso sí, nos gustaría tener antes la oportunidad de resolverlo contigo.',
          'Si eres la persona de contacto de un proveedor y uno de nuestros usuarios ha guardado tus datos, dirígete primero a ese negocio, que es quien decide qué datos tuyos se guardan. Le ayudaremos a responderte.',
        ],
      },
      {
        heading: 'Cookies y almacenamiento local',
        paragraphs: [
          'Reorder no usa cookies, herramientas de analítica, publicidad ni ninguna otra tecnología de seguimiento.',
          'Para mantener abierta tu sesión y recordar tu idioma, la aplicación guarda tres datos en el almacenamiento local (localStorage) de tu navegador: el token de tu sesión, una copia de los datos básicos de tu perfil (para mostrar tu nombre sin volver a pedirlo al servidor) y el idioma que has elegido. Son estrictamente necesarios para prestarte el servicio que has pedido, así que no requieren tu consentimiento ni ningún aviso de cookies. El token caduca a los siete días y, al cerrar sesión, el token y el perfil se borran del navegador. También puedes borrarlos cuando quieras desde la configuración del navegador.',
          'Si inicias sesión con Google o Facebook, las páginas de ese proveedor pueden instalar sus propias cookies según su política.',
        ],
      },
      {
        heading: 'Seguridad',
        paragraphs: ['Protegemos tus datos con medidas adecuadas al riesgo, entre ellas:'],
        list: [
          'Conexiones cifradas (HTTPS) entre tu navegador y nuestros servidores.',
          'Contraseñas protegidas con argon2id, un algoritmo moderno pensado para resistir los intentos de adivinarlas.',
          'Sesiones que caducan y que se cierran todas cuando cambias o restableces la contraseña.',
          'Enlaces de restablecimiento aleatorios, de un solo uso y válidos durante una hora.',
          'Límites a los intentos repetidos de inicio de sesión y de restablecimiento de contraseña.',
          'Una separación estricta entre cuentas: cada una solo puede ver sus propios proveedores, productos y pedidos.',
        ],
        after: [
          'Ningún sistema es completamente seguro. Como la sesión se guarda en tu navegador, ciérrala cuando uses un dispositivo compartido y no le digas tu contraseña a nadie. Si sufriéramos una brecha de seguridad que pusiera en riesgo tus derechos, la notificaríamos a la Comisión de Protección de Datos y, cuando la ley lo exija, también a ti.',
        ],
      },
      {
        heading: 'Menores',
        paragraphs: [
          'Reorder es una herramienta para negocios y no está dirigida a menores. Para crear una cuenta debes tener al menos 18 años. No recogemos a sabiendas datos de menores de esa edad; si crees que un menor nos ha facilitado datos personales, avísanos y los borraremos.',
        ],
      },
      {
        heading: 'Cambios en esta política',
        paragraphs: [
          'Podemos actualizar esta política cuando cambie Reorder o la normativa. Cambiaremos la fecha que figura al principio y, si los cambios son importantes, te avisaremos por correo o en la propia aplicación antes de que entren en vigor.',
        ],
      },
      {
        heading: 'Contacto',
        paragraphs: [
          'La forma más rápida de escribirnos sobre tu privacidad es el formulario de comentarios de la aplicación: entra en Perfil y elige «Enviar comentarios». Indícanos que el mensaje trata sobre privacidad y, si es el caso, qué derecho quieres ejercer.',
          'Si no puedes iniciar sesión, recupera primero el acceso con «¿Has olvidado tu contraseña?» en la pantalla de inicio de sesión.',
        ],
      },
    ],
  },
};
