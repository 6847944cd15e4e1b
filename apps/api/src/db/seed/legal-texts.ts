/**
 * Default legal texts of the sample sites, in French, under French law (docs/requirements/legal-pages.md). They are
 * templates: `{{KEY}}` placeholders name the company parameters and are filled when a page is
 * shown (@comptoir/domain/legal-text), and a paragraph or list item whose details are all unset
 * disappears, so that one text serves a sole trader as well as a company with a share capital.
 */

const CONTACT_HOURS = 'du lundi au vendredi, de 9 h à 17 h';

const contactChannels = `<ul>
<li>par courrier électronique : <a href="mailto:{{COMPANY_EMAIL}}">{{COMPANY_EMAIL}}</a> ;</li>
<li>par courrier postal : {{LEGAL_COMPANY_NAME}}, {{HEAD_OFFICE}} ;</li>
<li>par le <a href="/nous-contacter">formulaire de contact</a> du site ;</li>
<li>par téléphone : {{COMPANY_PHONE}}.</li>
</ul>`;

export const LEGAL_NOTICE = `<h2>Éditeur du site</h2>
<p>Le présent site est édité par :</p>
<ul>
<li>Nom commercial : {{COMPANY_NAME}}</li>
<li>Dénomination : {{LEGAL_COMPANY_NAME}}</li>
<li>Forme juridique : {{CORPORATE_FORM}}</li>
<li>Capital social : {{SHARE_CAPITAL}}</li>
<li>Registre du commerce et des sociétés : {{RCS_NUMBER}}</li>
<li>Répertoire des métiers : {{RM_NUMBER}}</li>
<li>SIRET : {{SIRET_NUMBER}}</li>
<li>Numéro de TVA intracommunautaire : {{INTRACO_VAT}}</li>
<li>Siège : {{HEAD_OFFICE}}</li>
<li>Téléphone : {{COMPANY_PHONE}}</li>
<li>Courrier électronique : <a href="mailto:{{COMPANY_EMAIL}}">{{COMPANY_EMAIL}}</a></li>
<li>Directeur ou directrice de la publication : {{LEGAL_AGENT}}</li>
</ul>
<h2>Nous contacter</h2>
<p>Vous pouvez joindre l'éditeur du site :</p>
${contactChannels}
<p>Nous vous répondons ${CONTACT_HOURS}, hors jours fériés.</p>
<h2>Propriété intellectuelle</h2>
<p>Les textes, photographies, logos et éléments graphiques de ce site sont la propriété de {{LEGAL_COMPANY_NAME}} ou de leurs auteurs, qui en ont autorisé l'usage. Toute reproduction, totale ou partielle, sans autorisation écrite préalable est interdite.</p>
<h2>Données personnelles et cookies</h2>
<p>La manière dont nous traitons vos données est décrite dans la <a href="/privacy-policy">politique de confidentialité</a>, et les cookies déposés sur le site dans la <a href="/cookie-policy">politique de cookies</a>. L'utilisation du site est régie par les <a href="/use-terms">conditions générales d'utilisation</a>.</p>`;

export const USE_TERMS = `<h2>1. Objet</h2>
<p>Les présentes conditions générales d'utilisation (CGU) fixent les règles d'accès et d'utilisation du site {{COMPANY_NAME}}, édité par {{LEGAL_COMPANY_NAME}}. Naviguer sur le site implique de les accepter sans réserve ; si vous ne les acceptez pas, nous vous invitons à ne pas utiliser le site.</p>
<p>Les informations relatives à l'éditeur figurent dans les <a href="/legal-notice">mentions légales</a>.</p>
<h2>2. Accès au site</h2>
<p>Le site est accessible gratuitement, à tout moment, à toute personne disposant d'un accès à internet. Les frais de connexion et d'équipement restent à la charge de l'utilisateur. L'éditeur peut suspendre l'accès au site, notamment pour des opérations de maintenance, sans que cette interruption n'ouvre droit à une indemnité.</p>
<h2>3. Espace personnel</h2>
<p>Certaines fonctions demandent la création d'un espace personnel. L'inscription suppose d'accepter les présentes conditions en cochant la case prévue à cet effet, et de fournir des informations exactes. Vos identifiants sont personnels : gardez votre mot de passe confidentiel et prévenez-nous sans délai de toute utilisation que vous n'auriez pas autorisée.</p>
<p>Vous pouvez demander à tout moment votre désinscription depuis la <a href="/mon-compte/desinscription">page dédiée de votre espace personnel</a>. Votre compte et les données qui y sont rattachées sont alors supprimés dans les conditions décrites par la <a href="/privacy-policy">politique de confidentialité</a>.</p>
<h2>4. Nous contacter</h2>
<p>Pour toute question relative au site ou aux présentes conditions, vous pouvez nous écrire :</p>
${contactChannels}
<p>Nous vous répondons ${CONTACT_HOURS}, hors jours fériés.</p>
<h2>5. Propriété intellectuelle</h2>
<p>La structure du site, ses textes, photographies, illustrations, logos et marques sont protégés par le Code de la propriété intellectuelle. Ils appartiennent à {{LEGAL_COMPANY_NAME}} ou à des tiers qui en ont autorisé l'usage. Toute reproduction, représentation, modification ou exploitation, totale ou partielle, sans l'accord écrit préalable de l'éditeur constitue une contrefaçon.</p>
<h2>6. Responsabilité</h2>
<p>L'éditeur veille à l'exactitude des informations publiées, sans pouvoir garantir qu'elles soient complètes ni exemptes d'erreurs. Il ne saurait être tenu responsable des dommages résultant d'une interruption du site, d'un virus, d'une intrusion ou d'un usage des informations du site contraire à leur objet. L'utilisateur reste responsable de l'usage qu'il fait du site et des contenus qu'il y dépose.</p>
<h2>7. Liens hypertextes</h2>
<p>Le site peut renvoyer vers d'autres sites, sur lesquels l'éditeur n'exerce aucun contrôle et dont il n'est pas responsable. Un lien vers la page d'accueil du site est libre, à condition de ne pas présenter le site comme le vôtre ni de l'afficher à l'intérieur d'un autre site ; tout autre lien demande notre accord préalable.</p>
<h2>8. Cookies</h2>
<p>Le site dépose des cookies nécessaires à son fonctionnement et, avec votre accord seulement, des cookies de mesure d'audience ou de publicité. Votre choix est conservé treize mois au plus, après quoi il vous est demandé de nouveau. Vous pouvez le modifier à tout moment ; tout est expliqué dans la <a href="/cookie-policy">politique de cookies</a>.</p>
<h2>9. Données personnelles</h2>
<p>Les données que vous nous confiez sont traitées conformément au règlement général sur la protection des données et à la loi Informatique et Libertés, comme le décrit notre <a href="/privacy-policy">politique de confidentialité</a>.</p>
<h2>10. Modification des conditions</h2>
<p>L'éditeur peut modifier les présentes conditions pour tenir compte de l'évolution du site ou de la réglementation. La version en ligne au moment de votre visite est celle qui s'applique.</p>
<h2>11. Droit applicable et litiges</h2>
<p>Les présentes conditions sont régies par le droit français. En cas de différend, une solution amiable sera recherchée avant toute action ; à défaut, les tribunaux français seront seuls compétents, sous réserve des règles protectrices dont bénéficient les consommateurs.</p>`;

export const PRIVACY_POLICY = `<p>{{LEGAL_COMPANY_NAME}} attache une grande importance à la protection de vos données personnelles. Cette politique explique quelles données nous recueillons sur le site {{COMPANY_NAME}}, pourquoi, combien de temps nous les gardons et comment exercer vos droits.</p>
<p>L'utilisation du site est par ailleurs régie par nos <a href="/use-terms">conditions générales d'utilisation</a>.</p>
<h2>Responsable du traitement</h2>
<ul>
<li>{{LEGAL_COMPANY_NAME}}</li>
<li>Représentée par : {{LEGAL_AGENT}}</li>
<li>Adresse : {{HEAD_OFFICE}}</li>
<li>Courrier électronique : <a href="mailto:{{COMPANY_EMAIL}}">{{COMPANY_EMAIL}}</a></li>
<li>Téléphone : {{COMPANY_PHONE}}</li>
</ul>
<h2>Les données que nous recueillons</h2>
<ul>
<li>Votre espace personnel : nom, prénom, adresse électronique, téléphone et, si vous la donnez, votre date de naissance.</li>
<li>Vos demandes : les messages envoyés par le formulaire de contact et les réponses aux formulaires du site.</li>
<li>Vos commandes, le cas échéant : produits, adresses de livraison et de facturation, mode de paiement (les données bancaires sont traitées directement par le prestataire de paiement et ne nous sont jamais transmises).</li>
<li>Votre inscription à la lettre d'information.</li>
<li>Votre navigation : les cookies et traceurs décrits dans la <a href="/cookie-policy">politique de cookies</a>, déposés avec votre accord lorsque celui-ci est requis.</li>
</ul>
<h2>Pourquoi nous les utilisons</h2>
<ul>
<li>Gérer votre espace personnel et vos commandes : exécution du contrat qui nous lie.</li>
<li>Répondre à vos demandes : notre intérêt légitime à échanger avec vous.</li>
<li>Vous adresser notre lettre d'information : votre consentement, que vous pouvez retirer à tout moment par le lien présent dans chaque envoi.</li>
<li>Mesurer l'audience du site : votre consentement.</li>
<li>Tenir notre comptabilité : nos obligations légales.</li>
</ul>
<h2>Qui y a accès</h2>
<p>Vos données sont destinées aux seules personnes de {{LEGAL_COMPANY_NAME}} qui en ont besoin, et aux prestataires techniques qui nous aident à faire fonctionner le site (hébergement, envoi des courriers électroniques, paiement), tenus à la confidentialité. Elles ne sont jamais vendues ni louées.</p>
<h2>Combien de temps nous les gardons</h2>
<ul>
<li>Les données de votre espace personnel sont conservées tant que vous l'utilisez, puis anonymisées après {{INACTIVE_ACCOUNT_PERIOD}} sans connexion ni commande ; un courriel vous prévient trente jours avant. Vos commandes sont alors gardées sans votre nom, pour notre comptabilité.</li>
<li>Les messages et demandes de contact sont conservés trois ans après notre dernier échange.</li>
<li>Les pièces comptables sont conservées dix ans, comme l'exige le Code de commerce.</li>
<li>Les cookies et votre choix à leur sujet sont conservés treize mois au plus.</li>
</ul>
<h2>Vos droits</h2>
<p>Vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation, d'opposition et de portabilité de vos données, ainsi que du droit de définir des directives sur leur sort après votre décès. Pour les exercer, écrivez-nous :</p>
${contactChannels}
<p>Nous répondons à toute demande dans un délai de trente jours. Une demande d'effacement est traitée dans les dix jours ouvrés qui suivent sa réception. Nous pouvons vous demander de justifier de votre identité en cas de doute raisonnable.</p>
<p>Vous pouvez aussi demander votre désinscription depuis la <a href="/mon-compte/desinscription">page dédiée de votre espace personnel</a> : votre compte et les données qui y sont attachées sont alors effacés, sous réserve de celles que la loi nous impose de garder.</p>
<p>Notre équipe vous répond ${CONTACT_HOURS}, hors jours fériés. Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la Commission nationale de l'informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou sur <a href="https://www.cnil.fr">www.cnil.fr</a>.</p>
<h2>Sécurité</h2>
<p>Les échanges avec le site sont chiffrés, les mots de passe sont conservés sous une forme qui ne permet pas de les retrouver, et l'accès aux données est réservé aux personnes habilitées.</p>`;

export const COOKIE_POLICY = `<p>Cette page explique quels cookies et autres traceurs le site {{COMPANY_NAME}} utilise, et comment vous pouvez les accepter ou les refuser.</p>
<h2>Qu'est-ce qu'un cookie ?</h2>
<p>Un cookie est un petit fichier enregistré par votre navigateur lors de la visite d'un site. Il permet au site de reconnaître votre navigateur pendant la durée de validité du cookie. Le stockage local du navigateur joue un rôle comparable.</p>
<h2>Les traceurs nécessaires au fonctionnement du site</h2>
<p>Ils ne demandent pas votre accord, car le site ne peut pas fonctionner sans eux :</p>
<ul>
<li>le cookie de session de votre espace personnel, qui vous garde connecté pendant une journée au plus ;</li>
<li>le cookie qui garde en mémoire vos choix au sujet des cookies, pendant treize mois au plus ;</li>
<li>le stockage local de votre panier, de vos choix de livraison et des fenêtres d'information que vous avez déjà fermées.</li>
</ul>
<h2>Les cookies de mesure d'audience et de publicité</h2>
<p>Lorsque nous utilisons un service de mesure d'audience ou de publicité, ses cookies ne sont déposés qu'après votre accord, donné dans le bandeau qui s'affiche lors de votre première visite. Tant que vous n'avez pas fait de choix, aucun de ces services n'est chargé. La liste des services utilisés et leur politique de confidentialité sont présentées dans le gestionnaire de cookies.</p>
<h2>Durée de votre choix</h2>
<p>Votre accord ou votre refus est conservé treize mois au plus. Passé ce délai, le bandeau vous demande de nouveau votre choix. Les cookies de mesure d'audience ont eux aussi une durée de vie limitée à treize mois.</p>
<h2>Modifier votre choix</h2>
<p>Vous pouvez revenir sur votre choix à tout moment en ouvrant le <a href="#tarteaucitron">gestionnaire de cookies</a>. Vous pouvez aussi configurer votre navigateur pour bloquer ou supprimer les cookies ; certaines fonctions du site, comme la connexion à votre espace personnel, risquent alors de ne plus fonctionner.</p>
<h2>Nous contacter</h2>
<p>Pour toute question sur les cookies, écrivez-nous à <a href="mailto:{{COMPANY_EMAIL}}">{{COMPANY_EMAIL}}</a>. Nous vous répondons ${CONTACT_HOURS}.</p>`;

/** The terms of sale of a wine shop (site 92); a brochure site leaves SALE_TERMS empty. */
export const WINE_SHOP_SALE_TERMS = `<h2>1. Champ d'application</h2>
<p>Les présentes conditions générales de vente (CGV) s'appliquent à toute commande passée sur la boutique en ligne {{COMPANY_NAME}}, exploitée par {{LEGAL_COMPANY_NAME}}, dont les coordonnées figurent dans les <a href="/legal-notice">mentions légales</a>. Elles prévalent sur tout autre document. Passer commande implique de les avoir lues et acceptées.</p>
<h2>2. Vente d'alcool</h2>
<p>La vente d'alcool aux mineurs est interdite (article L. 3342-1 du Code de la santé publique). En passant commande, vous certifiez avoir au moins dix-huit ans ; une pièce d'identité peut vous être demandée à la livraison ou au retrait. L'abus d'alcool est dangereux pour la santé, à consommer avec modération.</p>
<h2>3. Produits</h2>
<p>Les vins sont décrits et photographiés avec le plus grand soin ; les étiquettes et millésimes peuvent toutefois évoluer. Les offres valent dans la limite des stocks disponibles. Si un produit venait à manquer après votre commande, nous vous en informerions et vous proposerions un remplacement ou le remboursement du produit manquant.</p>
<h2>4. Prix</h2>
<p>Les prix sont indiqués en euros, toutes taxes comprises, hors frais de livraison. Les frais de livraison sont calculés selon l'adresse, le transporteur et le nombre de bouteilles, et affichés avant la validation de la commande. Le prix applicable est celui en vigueur au moment de la commande.</p>
<h2>5. Commande</h2>
<p>Vous choisissez vos vins, vérifiez le contenu de votre panier, le mode de livraison et le montant total, puis validez la commande et son paiement. Un courrier électronique récapitulatif vous confirme la commande. Nous pouvons refuser une commande anormale ou passée de mauvaise foi.</p>
<h2>6. Paiement</h2>
<p>Le paiement s'effectue par carte bancaire, au moyen d'une solution de paiement sécurisée, par virement, par chèque ou lors du retrait au caveau, selon les moyens proposés au moment de la commande. La commande est préparée dès réception du paiement.</p>
<h2>7. Livraison et retrait</h2>
<p>Les commandes sont livrées à l'adresse indiquée, par le transporteur choisi, dans un emballage adapté au transport des bouteilles. Elles peuvent aussi être retirées gratuitement au caveau, {{HEAD_OFFICE}}, aux horaires d'ouverture. Vérifiez l'état des colis à la réception et indiquez toute casse ou anomalie au transporteur, puis signalez-la-nous dans les trois jours.</p>
<h2>8. Droit de rétractation</h2>
<p>Vous disposez de quatorze jours à compter de la réception de votre commande pour exercer votre droit de rétractation, sans avoir à vous justifier (article L. 221-18 du Code de la consommation). Informez-nous de votre décision par courrier électronique à <a href="mailto:{{COMPANY_EMAIL}}">{{COMPANY_EMAIL}}</a> ou par courrier, puis retournez les bouteilles intactes et non ouvertes dans les quatorze jours suivants ; les frais de retour restent à votre charge. Nous vous remboursons dans les quatorze jours suivant la réception de votre demande, une fois les produits récupérés.</p>
<h2>9. Garanties</h2>
<p>Les produits bénéficient de la garantie légale de conformité (articles L. 217-3 et suivants du Code de la consommation) et de la garantie des vices cachés (articles 1641 et suivants du Code civil). Un vin bouchonné ou altéré est remplacé ou remboursé sur présentation de la bouteille.</p>
<h2>10. Service client</h2>
<p>Pour toute question ou réclamation, contactez-nous par courrier électronique à <a href="mailto:{{COMPANY_EMAIL}}">{{COMPANY_EMAIL}}</a>, par téléphone au {{COMPANY_PHONE}} ou par le <a href="/nous-contacter">formulaire de contact</a>. Nous vous répondons ${CONTACT_HOURS}.</p>
<h2>11. Médiation</h2>
<p>En cas de litige non résolu par notre service client, vous pouvez recourir gratuitement à un médiateur de la consommation, dont nous vous communiquons les coordonnées sur simple demande.</p>
<h2>12. Données personnelles</h2>
<p>Les données nécessaires au traitement de votre commande sont traitées comme le décrit notre <a href="/privacy-policy">politique de confidentialité</a>.</p>
<h2>13. Droit applicable</h2>
<p>Les présentes conditions sont soumises au droit français. À défaut d'accord amiable, le litige sera porté devant les juridictions françaises compétentes.</p>`;

/** The legal-text parameters every sample site starts with. */
export const defaultLegalTexts = {
  LEGAL_NOTICE,
  USE_TERMS,
  PRIVACY_POLICY,
  COOKIE_POLICY,
} as const;
