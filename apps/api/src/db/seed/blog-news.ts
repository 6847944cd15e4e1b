import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { blogArticles, blogFolders, news } from '../schema';
import type { SiteSeed } from './types';

interface BlogFolderSeed {
  slug: string;
  title: string;
  description: string;
  imageUrl?: string;
  /** The parent folder's slug; absent for a folder at the root of the blog. */
  parentSlug?: string;
  position: number;
}

interface BlogArticleSeed {
  /** The folder's slug; null for an article at the root of the blog. */
  folderSlug: string | null;
  slug: string;
  title: string;
  summary: string;
  /** Rich text: h2, p, ul and strong, as the back office's editor writes it. */
  content: string;
  imageUrl?: string;
  author: string;
  /** ISO 8601. */
  publishedAt: string;
}

interface NewsSeed {
  slug: string;
  title: string;
  summary: string;
  content?: string;
  imageUrl?: string;
  linkUrl?: string;
  promoted?: boolean;
  publishedAt: string;
}

interface BlogNewsSeed {
  folders: BlogFolderSeed[];
  articles: BlogArticleSeed[];
  news: NewsSeed[];
}

const CLEMENCE = 'Clémence Garnier';
const INES = 'Inès Morel, coloriste';

/** L'Atelier de Clémence: hair advice, image consulting and hair care, written for the salon. */
const site91: BlogNewsSeed = {
  folders: [
    {
      slug: 'conseils-coiffure',
      title: 'Conseils coiffure',
      description:
        'Coupes, franges, couleurs : nos conseils pour choisir une coiffure qui vous ressemble et qui vit bien au quotidien.',
      imageUrl: '/samples/blog/coupe-visage.svg',
      position: 1,
    },
    {
      slug: 'conseil-en-image',
      title: 'Conseil en image',
      description:
        'Colorimétrie, morphologie, garde-robe : les clés du conseil en image pour composer une allure juste, sans suivre aveuglément les tendances.',
      imageUrl: '/samples/blog/colorimetrie.svg',
      position: 2,
    },
    {
      slug: 'soins-du-cheveu',
      title: 'Soins du cheveu',
      description:
        'Shampoing, soins, protection contre le soleil et l’air marin : les bons gestes pour des cheveux en bonne santé toute l’année.',
      imageUrl: '/samples/blog/soins-cheveux.svg',
      position: 3,
    },
    {
      slug: 'cheveux-boucles',
      title: 'Cheveux bouclés et frisés',
      description:
        'Routines, produits et coupes adaptées : tout pour chouchouter des boucles qui affrontent l’humidité de la côte vendéenne.',
      imageUrl: '/samples/blog/boucles-ocean.svg',
      parentSlug: 'soins-du-cheveu',
      position: 1,
    },
  ],
  articles: [
    {
      folderSlug: 'conseils-coiffure',
      slug: 'choisir-sa-coupe-selon-la-forme-du-visage',
      title: 'Quelle coupe pour la forme de votre visage ?',
      summary:
        'Ovale, rond, carré ou en cœur : repérez la forme de votre visage et découvrez les coupes qui l’équilibrent, sans renoncer à vos envies.',
      imageUrl: '/samples/blog/coupe-visage.svg',
      author: CLEMENCE,
      publishedAt: '2026-03-12T09:30:00+01:00',
      content: `<p>C’est la question que l’on me pose le plus souvent au salon : <strong>« Est-ce que cette coupe va m’aller ? »</strong> La réponse dépend de beaucoup de choses — la nature de vos cheveux, votre style, le temps que vous voulez passer devant le miroir — mais la forme du visage reste un excellent point de départ.</p>
<h2>Repérer la forme de son visage</h2>
<p>Attachez vos cheveux, placez-vous face à un miroir et observez trois largeurs : le front, les pommettes et la mâchoire, puis comparez-les à la longueur du visage.</p>
<ul>
<li><strong>Ovale</strong> : le visage est plus long que large, les pommettes sont la partie la plus large.</li>
<li><strong>Rond</strong> : longueur et largeur sont proches, les contours sont doux.</li>
<li><strong>Carré</strong> : le front et la mâchoire ont la même largeur, la mâchoire est marquée.</li>
<li><strong>En cœur</strong> : le front est large, le menton fin et pointu.</li>
</ul>
<h2>Les coupes qui équilibrent</h2>
<p>Un <strong>visage ovale</strong> supporte à peu près tout : profitez-en pour oser un carré court ou une frange rideau. Pour un <strong>visage rond</strong>, on cherche à allonger : des longueurs qui dépassent le menton, un dégradé qui démarre sous les pommettes, une raie sur le côté. Un <strong>visage carré</strong> s’adoucit avec du mouvement et des mèches effilées autour de la mâchoire ; évitez le carré droit qui s’arrête pile à sa hauteur. Enfin, un <strong>visage en cœur</strong> aime le volume en bas : un carré mi-long, des ondulations à partir de la mâchoire.</p>
<h2>La règle d’or : vous</h2>
<p>Ces repères ne sont pas des interdits. Une coupe réussie, c’est aussi une coupe que vous savez coiffer seule le matin. Lors de votre rendez-vous, nous prenons toujours dix minutes pour en parler avant de sortir les ciseaux.</p>`,
    },
    {
      folderSlug: 'conseils-coiffure',
      slug: 'frange-est-ce-pour-vous',
      title: 'La frange : est-elle faite pour vous ?',
      summary:
        'Frange droite, effilée ou rideau : comment choisir, et comment l’entretenir entre deux passages au salon.',
      author: CLEMENCE,
      publishedAt: '2026-05-19T10:00:00+02:00',
      content: `<p>Chaque printemps, l’envie de frange revient. Bonne nouvelle : il existe une frange pour presque tout le monde, à condition de bien choisir sa forme.</p>
<h2>Trois franges, trois effets</h2>
<ul>
<li><strong>La frange droite</strong>, épaisse et nette, structure un visage ovale ou long. Elle demande des cheveux plutôt raides et un coup de brosse chaque matin.</li>
<li><strong>La frange effilée</strong>, plus légère, convient aux visages ronds ou carrés : elle laisse voir le front par endroits et adoucit les traits.</li>
<li><strong>La frange rideau</strong>, ouverte au milieu, est la plus facile à vivre. Elle se fond dans les longueurs quand elle pousse.</li>
</ul>
<h2>Avant de vous lancer</h2>
<p>Observez vos <strong>épis</strong> : un épi marqué sur le devant rend une frange droite difficile à discipliner. Pensez aussi à votre peau : une frange posée sur un front qui brille se graisse vite, il faudra la laver plus souvent que le reste.</p>
<h2>L’entretien</h2>
<p>Une frange se recoupe toutes les trois à quatre semaines. Au salon, cette retouche est offerte entre deux rendez-vous : passez simplement nous voir, cela prend cinq minutes. Et surtout, ne la recoupez pas vous-même avec les ciseaux de cuisine !</p>`,
    },
    {
      folderSlug: 'conseils-coiffure',
      slug: 'transition-cheveux-blancs',
      title: 'Assumer ses cheveux blancs : réussir la transition en douceur',
      summary:
        'Arrêter la coloration sans passer par des mois de démarcation : balayage, coupe progressive et soins pour des cheveux gris lumineux.',
      imageUrl: '/samples/blog/gris-naturel.svg',
      author: INES,
      publishedAt: '2026-10-06T14:00:00+02:00',
      content: `<p>De plus en plus de clientes nous demandent de les accompagner vers leur couleur naturelle. C’est un très beau projet, qui se prépare : la repousse crée une ligne de démarcation que l’on peut rendre presque invisible.</p>
<h2>Étape 1 : estomper la démarcation</h2>
<p>Plutôt que d’attendre que la couleur parte, nous éclaircissons progressivement les longueurs avec un <strong>balayage fin</strong>. Les mèches claires font le lien entre la racine blanche et l’ancienne couleur, et la repousse se voit beaucoup moins.</p>
<h2>Étape 2 : couper au fil des mois</h2>
<p>Tous les deux mois, une coupe enlève quelques centimètres de longueurs colorées. Certaines clientes choisissent de passer par un carré court pour aller plus vite : en six mois environ, la transition est terminée.</p>
<h2>Étape 3 : sublimer le gris</h2>
<ul>
<li>Un <strong>shampoing déjaunissant</strong> une fois par semaine garde un blanc éclatant.</li>
<li>Un soin nourrissant compense la sécheresse des cheveux blancs, souvent plus rêches.</li>
<li>Le conseil en image aide à revoir son maquillage et ses couleurs de vêtements, qui changent avec la chevelure.</li>
</ul>
<p>Le plus important reste de se sentir bien à chaque étape. Parlons-en lors d’un rendez-vous : nous construirons ensemble votre calendrier.</p>`,
    },
    {
      folderSlug: 'conseil-en-image',
      slug: 'colorimetrie-trouver-ses-couleurs',
      title: 'Colorimétrie : trouver les couleurs qui vous illuminent',
      summary:
        'Pourquoi certaines couleurs vous donnent bonne mine et d’autres vous fatiguent : le principe des saisons et le déroulé d’un bilan colorimétrique.',
      imageUrl: '/samples/blog/colorimetrie.svg',
      author: CLEMENCE,
      publishedAt: '2026-02-17T09:00:00+01:00',
      content: `<p>Vous avez sans doute un pull que l’on vous complimente à chaque fois que vous le portez, et un autre, pourtant joli, qui vous donne l’air fatiguée. Ce n’est pas un hasard : c’est de la <strong>colorimétrie</strong>.</p>
<h2>Le principe</h2>
<p>Votre carnation, la couleur de vos yeux et celle de vos cheveux forment un ensemble. Certaines couleurs, placées près du visage, l’éclairent : le teint paraît unifié, les cernes s’effacent, le regard ressort. D’autres, au contraire, creusent les traits.</p>
<p>On classe souvent les harmonies en quatre <strong>saisons</strong> :</p>
<ul>
<li><strong>Printemps</strong> : des couleurs chaudes et lumineuses, comme le corail ou le vert pomme.</li>
<li><strong>Été</strong> : des couleurs froides et douces, comme le bleu lavande ou le vieux rose.</li>
<li><strong>Automne</strong> : des couleurs chaudes et profondes, comme la terracotta ou le kaki.</li>
<li><strong>Hiver</strong> : des couleurs froides et intenses, comme le noir, le blanc pur ou le fuchsia.</li>
</ul>
<h2>Comment se passe un bilan</h2>
<p>Le bilan dure environ une heure et demie, à la lumière du jour, visage démaquillé. Je pose sur vos épaules une série de drapés de couleur et nous observons ensemble leur effet. Vous repartez avec un <strong>nuancier personnalisé</strong> de trente couleurs, à glisser dans votre sac pour vos prochains achats.</p>
<h2>Et après ?</h2>
<p>Inutile de tout jeter : on commence par porter près du visage les pièces qui vous mettent en valeur, et on garde les autres pour le bas de la silhouette. La colorimétrie guide aussi le choix d’une coloration de cheveux ou d’un rouge à lèvres.</p>`,
    },
    {
      folderSlug: 'conseil-en-image',
      slug: 'garde-robe-capsule-en-5-etapes',
      title: 'Construire une garde-robe capsule en 5 étapes',
      summary:
        'Moins de vêtements, plus de tenues : la méthode que nous suivons en séance pour bâtir une garde-robe qui se combine à l’infini.',
      imageUrl: '/samples/blog/garde-robe-capsule.svg',
      author: CLEMENCE,
      publishedAt: '2026-09-08T09:00:00+02:00',
      content: `<p>Une armoire pleine et « rien à se mettre » : c’est le point de départ de la plupart de nos séances de tri. La garde-robe capsule propose l’inverse : une trentaine de pièces bien choisies, qui s’associent toutes entre elles.</p>
<h2>1. Faire l’inventaire</h2>
<p>Sortez tout, et formez trois piles : ce que vous portez souvent, ce que vous ne portez jamais, ce qui attend une retouche. Soyez honnête : un vêtement non porté depuis deux saisons ne le sera probablement plus.</p>
<h2>2. Définir votre quotidien</h2>
<p>Travail en bureau, journées à l’extérieur, sorties : notez la part de chaque activité dans votre semaine. Votre garde-robe doit lui ressembler.</p>
<h2>3. Choisir une palette</h2>
<p>Deux ou trois <strong>couleurs de base</strong> (marine, camel, gris…) et deux ou trois <strong>couleurs d’accent</strong> issues de votre bilan colorimétrique suffisent. C’est ce qui rend toutes les pièces compatibles.</p>
<h2>4. Compléter avec méthode</h2>
<ul>
<li>Listez les manques avant d’acheter, jamais l’inverse.</li>
<li>Privilégiez les matières qui vieillissent bien : laine, lin, coton épais.</li>
<li>Essayez chaque nouvelle pièce avec trois tenues existantes avant de la garder.</li>
</ul>
<h2>5. Faire vivre la capsule</h2>
<p>À chaque changement de saison, rangez ce qui ne sert pas et faites le point. Une capsule n’est pas figée : elle évolue avec vous.</p>`,
    },
    {
      folderSlug: 'conseil-en-image',
      slug: 'morphologie-silhouette',
      title: 'Morphologie : s’habiller pour sa silhouette, sans s’interdire',
      summary:
        'Comprendre les lignes de sa silhouette pour choisir coupes et matières, loin des listes d’interdits des magazines.',
      imageUrl: '/samples/blog/morphologie.svg',
      author: CLEMENCE,
      publishedAt: '2026-06-23T09:00:00+02:00',
      content: `<p>Les magazines parlent de silhouettes en A, en V, en X ou en H, et dressent des listes de vêtements « interdits ». En séance, nous préférons une autre approche : comprendre vos lignes pour savoir <strong>quoi mettre en valeur</strong>.</p>
<h2>Observer ses proportions</h2>
<p>On compare la largeur des épaules à celle des hanches, on repère si la taille est marquée, puis on regarde la longueur du buste par rapport aux jambes. Ces quelques mesures suffisent à expliquer pourquoi un pantalon vous allonge ou pourquoi une veste vous tasse.</p>
<h2>Quelques principes qui marchent</h2>
<ul>
<li>Une <strong>taille marquée</strong> (ceinture, veste cintrée) équilibre les épaules et les hanches.</li>
<li>Les <strong>lignes verticales</strong> (un gilet ouvert, un col en V) allongent la silhouette.</li>
<li>Un détail placé quelque part attire le regard : mettez-le là où vous aimez que l’on regarde.</li>
</ul>
<h2>Et le confort ?</h2>
<p>Il passe avant tout. Une tenue dans laquelle vous êtes à l’aise se voit : la posture change, le sourire aussi. L’étude morphologique sert à élargir vos choix, pas à les réduire.</p>`,
    },
    {
      folderSlug: 'soins-du-cheveu',
      slug: 'cheveux-air-marin-ete',
      title: 'Soleil, sel et vent : protéger ses cheveux l’été',
      summary:
        'Entre la plage et le jardin, les cheveux souffrent en été. Nos gestes simples pour les retrouver doux à la rentrée.',
      imageUrl: '/samples/blog/soins-cheveux.svg',
      author: INES,
      publishedAt: '2026-07-07T09:00:00+02:00',
      content: `<p>À une demi-heure de l’océan, nous voyons chaque septembre les mêmes cheveux revenir de vacances : secs, ternes, la couleur virée. Le soleil, le sel et le vent forment un trio redoutable, mais quelques gestes suffisent à limiter les dégâts.</p>
<h2>Avant la baignade</h2>
<p>Mouillez vos cheveux à l’eau douce avant d’aller dans l’eau : gorgés d’eau claire, ils absorbent moins de sel. Appliquez ensuite une <strong>huile ou un spray protecteur</strong> sur les longueurs.</p>
<h2>Après la plage</h2>
<ul>
<li>Rincez à l’eau claire dès que possible, même sans shampoing.</li>
<li>Démêlez avec un peigne à dents larges, en partant des pointes.</li>
<li>Le soir, un shampoing doux puis un après-shampoing sur les longueurs.</li>
</ul>
<h2>Les cheveux colorés</h2>
<p>Les colorations, même végétales, s’oxydent au soleil. Un chapeau reste la meilleure protection ; un soin <strong>sans rinçage avec filtre UV</strong> complète très bien. Et prévoyez un soin profond au salon à la rentrée : vos longueurs vous remercieront.</p>`,
    },
    {
      folderSlug: 'soins-du-cheveu',
      slug: 'bien-faire-son-shampoing',
      title: 'Les bons gestes pour un shampoing réussi',
      summary:
        'Quantité, température, massage, rinçage : un geste quotidien qui change tout quand on le fait bien.',
      author: INES,
      publishedAt: '2026-04-14T09:00:00+02:00',
      content: `<p>On le fait depuis l’enfance, et pourtant le shampoing est souvent mal fait : trop de produit, une eau trop chaude, un frottement trop énergique. Voici ce que nous faisons au bac, à reproduire chez vous.</p>
<h2>La bonne quantité</h2>
<p>Une noisette suffit pour des cheveux courts, deux pour des cheveux longs. Émulsionnez-la dans vos mains avec un peu d’eau avant de l’appliquer : elle se répartit mieux.</p>
<h2>Masser, pas frotter</h2>
<p>Le shampoing lave le <strong>cuir chevelu</strong>, pas les longueurs. Massez du bout des doigts, par petits cercles, pendant une minute. La mousse qui coule en rinçant suffit à nettoyer les pointes.</p>
<h2>Les erreurs fréquentes</h2>
<ul>
<li>Une eau brûlante, qui stimule le sébum : préférez une eau tiède.</li>
<li>Le double shampoing systématique, inutile si vous lavez souvent.</li>
<li>L’après-shampoing sur les racines, qui les alourdit.</li>
<li>Le frottement à la serviette : pressez plutôt vos cheveux pour les essorer.</li>
</ul>
<p>Vous hésitez sur le shampoing adapté à vos cheveux ? Demandez-nous conseil lors de votre prochain rendez-vous, nous avons des formats d’essai.</p>`,
    },
    {
      folderSlug: 'cheveux-boucles',
      slug: 'boucles-humidite-cotiere',
      title: 'Boucles et humidité : dompter les frisottis sur la côte',
      summary:
        'Brume océane, pluie fine et vent d’ouest : pourquoi vos boucles gonflent dès que l’air est humide, et comment garder leur définition.',
      imageUrl: '/samples/blog/boucles-ocean.svg',
      author: CLEMENCE,
      publishedAt: '2026-11-03T09:00:00+01:00',
      content: `<p>En Vendée, l’air est souvent chargé d’humidité, surtout à l’automne. Pour les cheveux bouclés, c’est un défi : à peine sortie de la maison, la boucle se défait et les frisottis apparaissent.</p>
<h2>Pourquoi les boucles gonflent</h2>
<p>Un cheveu bouclé est naturellement plus sec : l’huile produite par le cuir chevelu descend mal le long de la spirale. Quand l’air est humide, le cheveu assoiffé absorbe l’eau ambiante, gonfle et perd sa forme. La solution n’est donc pas de sécher davantage, mais de <strong>mieux hydrater</strong>.</p>
<h2>Notre routine anti-frisottis</h2>
<ul>
<li>Appliquez vos soins sur cheveux <strong>trempés</strong>, directement sous la douche.</li>
<li>Superposez une crème sans rinçage puis un gel : la crème hydrate, le gel forme une gaine qui protège de l’humidité.</li>
<li>Ne touchez plus à vos boucles pendant qu’elles sèchent : chaque contact crée des frisottis.</li>
<li>Une fois sèches, froissez-les doucement entre vos mains pour casser l’effet cartonné du gel.</li>
</ul>
<h2>La nuit</h2>
<p>Une taie d’oreiller en satin, ou les cheveux rassemblés en « ananas » sur le sommet de la tête, préservent la définition jusqu’au lendemain. Le matin, un voile d’eau suffit à réveiller les boucles.</p>`,
    },
    {
      folderSlug: 'cheveux-boucles',
      slug: 'routine-cheveux-boucles',
      title: 'La coupe des cheveux bouclés : pourquoi on coupe à sec',
      summary:
        'Une boucle se raccourcit en séchant : voici pourquoi nous coupons les cheveux bouclés à sec, mèche par mèche.',
      author: CLEMENCE,
      publishedAt: '2026-08-25T09:00:00+02:00',
      content: `<p>Vous êtes déjà sortie d’un salon avec des boucles plus courtes que prévu, et une forme en triangle ? C’est souvent le résultat d’une coupe faite sur cheveux mouillés et tirés.</p>
<h2>Le problème de la coupe mouillée</h2>
<p>Mouillée, une boucle s’étire ; en séchant, elle remonte, parfois de plusieurs centimètres. Et toutes les boucles ne remontent pas de la même façon : couper à plat donne un résultat irrégulier.</p>
<h2>La coupe boucle par boucle</h2>
<p>Au salon, nous coupons les cheveux bouclés <strong>à sec</strong>, coiffés comme vous les portez au quotidien. Chaque boucle est coupée selon sa forme, en regardant l’ensemble de la chevelure. Cela prend un peu plus de temps, mais le résultat est fidèle dès la sortie du salon.</p>
<h2>Venir au rendez-vous</h2>
<ul>
<li>Arrivez avec vos boucles coiffées comme d’habitude, sans chignon ni élastique.</li>
<li>Évitez les produits trop lourds la veille.</li>
<li>Apportez les produits que vous utilisez : nous vous montrerons comment mieux les appliquer.</li>
</ul>`,
    },
  ],
  news: [
    {
      slug: 'nouveaux-horaires-nocturne-vendredi',
      title: 'Nouveaux horaires : nocturne le vendredi et ouverture dès 8 h 30 le samedi',
      summary:
        'Pour vous recevoir après le travail, le salon reste ouvert jusqu’à 19 h le vendredi et ouvre dès 8 h 30 le samedi.',
      content: `<p>Vous avez été nombreuses et nombreux à nous demander des rendez-vous en fin de journée. Depuis le 2 novembre, L’Atelier de Clémence vous accueille :</p>
<ul>
<li>le <strong>mardi et le jeudi</strong> de 9 h à 18 h ;</li>
<li>le <strong>mercredi</strong> de 9 h à 12 h et de 14 h à 18 h ;</li>
<li>le <strong>vendredi</strong> de 9 h à 19 h ;</li>
<li>le <strong>samedi</strong> de 8 h 30 à 16 h.</li>
</ul>
<p>Le salon reste fermé le dimanche et le lundi. Pensez à réserver vos créneaux du vendredi soir, ils partent vite !</p>`,
      imageUrl: '/samples/news/horaires.svg',
      linkUrl: '/nous-contacter',
      promoted: true,
      publishedAt: '2026-11-02T08:00:00+01:00',
    },
    {
      slug: 'atelier-colorimetrie-16-janvier',
      title: 'Atelier colorimétrie en petit groupe le samedi 16 janvier',
      summary:
        'Une matinée pour découvrir vos couleurs entre amies : six participantes, drapés, nuancier et conseils maquillage.',
      content: `<p>Le samedi 16 janvier 2027, de 9 h 30 à 12 h 30, nous organisons un atelier colorimétrie pour six personnes. Au programme : le principe des saisons, un passage aux drapés pour chacune et des conseils de maquillage.</p>
<p>Chaque participante repart avec son <strong>nuancier personnel</strong>. Tarif : 75 € par personne, boissons chaudes comprises.</p>`,
      imageUrl: '/samples/news/atelier-colorimetrie.svg',
      linkUrl: '/nous-contacter',
      publishedAt: '2026-11-16T09:00:00+01:00',
    },
    {
      slug: 'bons-cadeaux-noel',
      title: 'Les bons cadeaux de Noël sont arrivés',
      summary:
        'Offrez une coupe, une couleur végétale ou un bilan colorimétrique : nos bons cadeaux sont valables un an sur toutes les prestations.',
      linkUrl: '/offrir-un-bon-cadeau',
      publishedAt: '2026-11-09T09:00:00+01:00',
    },
    {
      slug: 'nouvelle-gamme-colorations-vegetales',
      title: 'Une nouvelle gamme de colorations végétales',
      summary:
        'Henné, indigo, cassia : nous avons élargi notre gamme de colorations 100 % végétales, avec de nouvelles nuances de châtain et de cuivré.',
      content: `<p>Après plusieurs mois d’essais, nous proposons désormais <strong>douze nuances</strong> de colorations végétales, du blond vénitien au châtain profond. Ces poudres de plantes gainent le cheveu sans l’abîmer et conviennent aux cuirs chevelus sensibles.</p>
<p>Un diagnostic est réalisé avant chaque première coloration, pour vérifier que votre cheveu n’a pas gardé de traces de coloration chimique.</p>`,
      publishedAt: '2026-09-22T09:00:00+02:00',
    },
    {
      slug: 'salon-recycle-cheveux-coupes',
      title: 'Le salon recycle désormais vos cheveux coupés',
      summary:
        'Nous collectons les cheveux coupés au salon pour une association qui en fait des boudins absorbants capables de dépolluer l’eau.',
      content: `<p>Un kilo de cheveux peut absorber jusqu’à huit litres d’hydrocarbures. Depuis juin, tous les cheveux coupés au salon sont collectés et confiés à une association qui les transforme en boudins filtrants pour les ports et les réseaux d’eaux pluviales.</p>
<p>Un petit geste de plus dans notre démarche de salon éco-responsable, après le passage aux colorations végétales et aux produits rechargeables.</p>`,
      publishedAt: '2026-06-10T09:00:00+02:00',
    },
  ],
};

/** Domaine des Trois Coteaux: a few of the winemaker's own posts, to show each site its content. */
const site92: BlogNewsSeed = {
  folders: [
    {
      slug: 'carnet-de-vigne',
      title: 'Carnet de vigne',
      description: 'La vie du vignoble au fil des saisons, de la taille aux vendanges.',
      position: 1,
    },
  ],
  articles: [
    {
      folderSlug: 'carnet-de-vigne',
      slug: 'taille-de-la-vigne-en-hiver',
      title: 'La taille de la vigne, un travail d’hiver',
      summary:
        'De décembre à mars, chaque pied est taillé à la main : un geste qui décide de la récolte.',
      author: 'Antoine Mercier',
      publishedAt: '2026-02-03T09:00:00+01:00',
      content: `<p>Sur nos coteaux du Layon, la taille commence après la chute des feuilles. Chaque pied est taillé <strong>à la main</strong>, en guyot simple : un long bois et un courson, pour limiter les rendements et concentrer les arômes.</p>
<h2>Pourquoi en hiver</h2>
<p>La sève est redescendue : la vigne ne « pleure » pas et les plaies cicatrisent avant le débourrement.</p>`,
    },
  ],
  news: [
    {
      slug: 'vendanges-2026-terminees',
      title: 'Vendanges 2026 : les derniers chenins sont rentrés',
      summary:
        'Après trois tries successives, les derniers raisins botrytisés sont au chai. Un millésime concentré, à la belle acidité.',
      imageUrl: '/samples/news/vendanges.svg',
      publishedAt: '2026-10-28T09:00:00+01:00',
    },
    {
      slug: 'portes-ouvertes-decembre',
      title: 'Portes ouvertes au domaine les 5 et 6 décembre',
      summary:
        'Dégustation des nouveaux millésimes, visite du chai et accords mets-vins avec un fromager de Chalonnes.',
      promoted: true,
      linkUrl: '/visites-et-degustations',
      publishedAt: '2026-11-12T09:00:00+01:00',
    },
    {
      slug: 'coffrets-de-fin-d-annee',
      title: 'Les coffrets de fin d’année sont prêts',
      summary:
        'Coffret Découverte du Layon, caisse bois prestige, carton panaché : de quoi gâter les amateurs de chenin pour les fêtes.',
      content: `<p>Pour Noël, nous avons composé trois coffrets : le <strong>Coffret Découverte du Layon</strong> (trois bouteilles, du sec au liquoreux), le <strong>carton panaché rouge et rosé</strong> et la <strong>caisse bois prestige</strong> de nos grands moelleux.</p>
<p>Pour une livraison avant le 24 décembre, commandez avant le 15 décembre ; au caveau, les coffrets peuvent être emballés devant vous.</p>`,
      linkUrl: '/nos-vins?categorie=coffret',
      publishedAt: '2026-11-20T09:00:00+01:00',
    },
    {
      slug: 'debut-des-vendanges-2026',
      title: 'Les vendanges commencent par les crémants',
      summary:
        'Premier coup de sécateur le 7 septembre, sur les chenins et les cabernets destinés à nos crémants de Loire.',
      content: `<p>Pour les bulles, on vendange tôt, quand le raisin garde toute son acidité. Notre équipe de vingt vendangeurs a commencé par les parcelles du coteau de l’Aubance ; suivront les blancs secs, les rouges, puis les tries des moelleux jusqu’à la fin octobre.</p>`,
      publishedAt: '2026-09-15T09:00:00+02:00',
    },
    {
      slug: 'journees-du-patrimoine-2026',
      title: 'Journées du patrimoine : nos caves de tuffeau ouvertes',
      summary:
        'Les 19 et 20 septembre, visite libre des galeries creusées dans le tuffeau, de 10 h à 18 h, sans réservation.',
      content: `<p>Creusées au XIX<sup>e</sup> siècle pour extraire la pierre des maisons du village, nos caves abritent aujourd’hui les fûts de nos cuvées de garde. Pendant les Journées européennes du patrimoine, nous les ouvrons à tous, gratuitement, avec un parcours commenté sur l’histoire du tuffeau.</p>`,
      linkUrl: '/visites-et-degustations',
      publishedAt: '2026-09-10T09:00:00+02:00',
    },
    {
      slug: 'jeudis-du-caveau',
      title: 'Les jeudis du caveau, tout l’été',
      summary:
        'En juillet et en août, le caveau reste ouvert jusqu’à 21 h le jeudi : dégustation au frais et planches de producteurs voisins.',
      content: `<p>Chaque jeudi de l’été, de 18 h à 21 h, nous installons quelques tables devant le chai. Au programme : les rosés et les crémants bien frais, des planches de rillauds et de fromages de chèvre de la ferme voisine, et la vue sur le Layon au coucher du soleil.</p>
<p>Entrée libre ; pensez à réserver votre planche la veille au 02 41 78 45 12.</p>`,
      publishedAt: '2026-07-02T09:00:00+02:00',
    },
    {
      slug: 'floraison-2026',
      title: 'La vigne est en fleur',
      summary:
        'Une floraison rapide et régulière, à la faveur d’un début juin chaud et sec : de bon augure pour le millésime.',
      content: `<p>La floraison est un moment délicat : une pluie froide peut faire couler les fleurs et réduire la récolte. Cette année, elle s’est faite en moins de dix jours sur l’ensemble du domaine. Nous entamons maintenant les travaux en vert : relevage, palissage et effeuillage à la main.</p>`,
      publishedAt: '2026-06-12T09:00:00+02:00',
    },
    {
      slug: 'cremant-extra-brut-millesime',
      title: 'Le crémant extra brut millésimé 2020 est dégorgé',
      summary:
        'Trente-six mois sur lattes, très peu dosé : notre Crémant de Loire Extra Brut Millésimé revient au caveau et en ligne.',
      content: `<p>Tiré en 2020, ce crémant 100 % chenin a passé plus de trente-six mois sur lattes dans nos caves avant d’être dégorgé. Une bulle fine, une finale crayeuse : un vin d’apéritif, mais aussi de table, avec des huîtres ou un poisson grillé.</p>`,
      linkUrl: '/nos-vins?categorie=effervescent',
      publishedAt: '2026-05-20T09:00:00+02:00',
    },
    {
      slug: 'balade-vigneronne-24-mai',
      title: 'Balade vigneronne le dimanche 24 mai',
      summary:
        'Huit kilomètres à travers nos trois coteaux, avec trois haltes dégustation et un pique-nique au milieu des vignes.',
      content: `<p>Départ du caveau entre 9 h et 11 h. Le parcours traverse nos parcelles de chenin et de cabernet franc ; à chaque halte, Antoine présente le terroir et fait goûter le vin qui en est issu.</p>
<p>Inscription obligatoire : 25 € par adulte, pique-nique compris, gratuit pour les enfants.</p>`,
      linkUrl: '/nous-contacter',
      publishedAt: '2026-05-05T09:00:00+02:00',
    },
    {
      slug: 'mise-en-bouteille-2025',
      title: 'Les blancs secs 2025 sont en bouteille',
      summary:
        'Anjou blanc Les Schistes et Chenin Jeunes Vignes 2025 ont été mis en bouteille au domaine : ils arrivent au caveau.',
      content: `<p>Un millésime 2025 frais et croquant, aux arômes de poire et de fleurs blanches. Comme chaque année, la mise en bouteille s’est faite au domaine, en jour fruit, après six mois d’élevage sur lies fines.</p>`,
      linkUrl: '/nos-vins?categorie=blanc',
      publishedAt: '2026-04-14T09:00:00+02:00',
    },
    {
      slug: 'taille-terminee-2026',
      title: 'La taille est terminée',
      summary:
        'Trois mois de travail à la main pour tailler les vingt-deux hectares : la vigne peut débourrer.',
      content: `<p>Commencée début décembre, la taille s’est achevée le 2 mars. Les sarments ont été broyés et laissés entre les rangs, pour nourrir le sol. Prochaine étape : le liage des bois sur le fil, avant le débourrement attendu début avril.</p>`,
      publishedAt: '2026-03-05T09:00:00+01:00',
    },
    {
      slug: 'livraison-offerte-des-12-bouteilles',
      title: 'La livraison est offerte dès 12 bouteilles',
      summary:
        'Partout en France, vos commandes d’au moins 12 bouteilles voyagent désormais sans frais, en cartons renforcés.',
      content: `<p>Panachez comme vous le souhaitez : blancs, rouges, moelleux ou crémants, dès la douzième bouteille la livraison est pour nous. Vous préférez passer nous voir ? Le retrait au caveau reste gratuit, quel que soit le nombre de bouteilles.</p>`,
      linkUrl: '/nos-vins',
      publishedAt: '2026-01-12T09:00:00+01:00',
    },
  ],
};

const blogNewsBySite: Readonly<Record<number, BlogNewsSeed>> = { 91: site91, 92: site92 };

/**
 * The blog folders, articles and news of newly created sample sites. Folders are inserted parents
 * first, since a sub-folder and an article refer to their folder by its generated id.
 */
export async function insertBlogAndNews(db: Db, seeds: readonly SiteSeed[]): Promise<number> {
  let inserted = 0;
  for (const seed of seeds) {
    const siteId = seed.site.id;
    const content = blogNewsBySite[siteId];
    if (!content) continue;
    inserted += await insertFolders(db, siteId, content.folders);
    inserted += await insertArticles(db, siteId, content.articles);
    if (content.news.length > 0) {
      inserted += (
        await db
          .insert(news)
          .values(
            content.news.map((item) => ({
              siteId,
              slug: item.slug,
              title: item.title,
              summary: item.summary,
              content: item.content ?? null,
              imageUrl: item.imageUrl ?? null,
              linkUrl: item.linkUrl ?? null,
              promoted: item.promoted ?? false,
              publishedAt: new Date(item.publishedAt),
            })),
          )
          .onConflictDoNothing({ target: [news.siteId, news.slug] })
          .returning({ id: news.id })
      ).length;
    }
  }
  return inserted;
}

async function folderIdsBySlug(db: Db, siteId: number, slugs: string[]) {
  if (slugs.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: blogFolders.id, slug: blogFolders.slug })
    .from(blogFolders)
    .where(and(eq(blogFolders.siteId, siteId), inArray(blogFolders.slug, slugs)));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

async function insertFolders(
  db: Db,
  siteId: number,
  folders: readonly BlogFolderSeed[],
): Promise<number> {
  let inserted = 0;
  let level = folders.filter((folder) => folder.parentSlug === undefined);
  while (level.length > 0) {
    const parentIds = await folderIdsBySlug(db, siteId, [
      ...new Set(level.flatMap((folder) => (folder.parentSlug ? [folder.parentSlug] : []))),
    ]);
    inserted += (
      await db
        .insert(blogFolders)
        .values(
          level.map((folder) => ({
            siteId,
            idParent: folder.parentSlug ? (parentIds.get(folder.parentSlug) ?? null) : null,
            slug: folder.slug,
            title: folder.title,
            description: folder.description,
            imageUrl: folder.imageUrl ?? null,
            position: folder.position,
          })),
        )
        .onConflictDoNothing({ target: [blogFolders.siteId, blogFolders.slug] })
        .returning({ id: blogFolders.id })
    ).length;
    const slugs = new Set(level.map((folder) => folder.slug));
    level = folders.filter((folder) => folder.parentSlug && slugs.has(folder.parentSlug));
  }
  return inserted;
}

async function insertArticles(
  db: Db,
  siteId: number,
  articles: readonly BlogArticleSeed[],
): Promise<number> {
  if (articles.length === 0) return 0;
  const folderIds = await folderIdsBySlug(db, siteId, [
    ...new Set(articles.flatMap((article) => (article.folderSlug ? [article.folderSlug] : []))),
  ]);
  return (
    await db
      .insert(blogArticles)
      .values(
        articles.map((article) => ({
          siteId,
          folderId: article.folderSlug ? (folderIds.get(article.folderSlug) ?? null) : null,
          slug: article.slug,
          title: article.title,
          summary: article.summary,
          content: article.content,
          imageUrl: article.imageUrl ?? null,
          author: article.author,
          publishedAt: new Date(article.publishedAt),
        })),
      )
      .onConflictDoNothing({ target: [blogArticles.siteId, blogArticles.slug] })
      .returning({ id: blogArticles.id })
  ).length;
}
