import type { firmwareEnUS } from "./en-US.ts";

/** Japanese texts of the glasses tools; the type refuses a missing key. */
export const firmwareJaJP = {
  "firmware.nav.calibration": "IMUキャリブレーション",
  "firmware.nav.update": "ファームウェア更新",
  "firmware.nav.color": "カラー調整",
  "firmware.notes.chrome": "Chrome または Edge のバージョン98以降をご使用ください。",
  "firmware.progress.percent": "{percent}%",

  "firmware.connect.title": "XRグラスを接続する",
  "firmware.connect.intro":
    "USB-Cケーブルでグラスをこのコンピューターに接続し、グラスの種類を選んでから「接続」を選び、ブラウザーの一覧からグラスを選択してください。",
  "firmware.connect.type": "グラスの種類",
  "firmware.connect.connect": "接続",
  "firmware.connect.connecting": "接続中...",
  "firmware.connect.reconnect": "再接続",
  "firmware.connect.disconnect": "切断",
  "firmware.connect.simulated": "シミュレーションのグラスで試す",
  "firmware.connect.simulatedHint":
    "お手元にグラスがない場合は、選んだ種類のシミュレーションのグラスがこのページの中で実物と同じように動作します。",
  "firmware.connect.noWebHidTitle": "このブラウザーはグラスに接続できません。",
  "firmware.connect.noWebHid":
    "このツールには WebHID が必要です。コンピューターで Chrome または Edge のバージョン98以降を使い、HTTPS または localhost のページで開いてください。シミュレーションのグラスならすべてのツールをお試しいただけます。",
  "firmware.status.disconnected": "接続されていません。",
  "firmware.status.connecting": "グラスに接続しています...",
  "firmware.status.connected": "接続しました。",
  "firmware.status.connectedSimulated": "シミュレーションのグラスに接続しました。",
  "firmware.status.restarting": "グラスを再起動しています。自動的に再接続します...",
  "firmware.status.lost": "グラスの接続が切れました。もう一度差し込んでから「再接続」を選んでください。",
  "firmware.panel.title": "接続中のグラス",
  "firmware.panel.productName": "製品名",
  "firmware.panel.firmwareVersion": "ファームウェアバージョン",
  "firmware.panel.serialNumber": "シリアル番号",
  "firmware.panel.model": "モデル",
  "firmware.panel.simulated": "シミュレーション",
  "firmware.problem.linuxPermission":
    "Linux がこのブラウザーにグラスへのアクセスを許可しませんでした。udev ルールでユーザーにアクセス権を与えてください:",
  "firmware.problem.udevCreate": "ファイル {file} を作成し、次の行を書き込みます:",
  "firmware.problem.udevReload": "ルールを再読み込みします:",
  "firmware.problem.udevReplug": "グラスを抜いて差し直し、「接続」を選びます。",
  "firmware.problem.openFailed":
    "グラスを開けませんでした。グラスを使用している他のアプリ(デスクトップアプリや別のブラウザータブなど)を閉じてから、もう一度お試しください。",
  "firmware.problem.noAnswer": "グラスが応答しません。抜いて差し直してから、もう一度お試しください。",
  "firmware.problem.notFound":
    "グラスが見つかりません。ケーブルを確認し、差し直してから、もう一度お試しください。",
  "firmware.problem.unsupportedDevice": "このグラスはこのツールに対応していません。",
  "firmware.problem.calibrationNotSupported":
    "{name} はIMUキャリブレーションが不要なため、このツールには対応していません。",
  "firmware.problem.failed": "グラスに接続できませんでした。抜いて差し直してから、もう一度お試しください。",

  "firmware.sim.title": "シミュレーションのグラス",
  "firmware.sim.note":
    "このグラスはこのページの中にあります。外したり、動かしたり、抜いたりしたときにツールがどうなるかを確かめられます。",
  "firmware.sim.takeOff": "グラスを外す",
  "firmware.sim.putOn": "グラスをかける",
  "firmware.sim.shake": "グラスを動かす",
  "firmware.sim.shaking": "動かしています...",
  "firmware.sim.unplug": "抜く",
  "firmware.sim.plug": "差し込む",

  "firmware.calibration.title": "IMUキャリブレーション",
  "firmware.calibration.noteUltra": "{name} はIMUキャリブレーションが不要なため、対応していません。",
  "firmware.calibration.stepTitle": "キャリブレーション",
  "firmware.calibration.keepStill":
    "グラスを平らで安定した場所に置き、キャリブレーションが終わるまで動かさないでください。動くと最初からやり直します。",
  "firmware.calibration.calibrate": "キャリブレーション",
  "firmware.calibration.calibrating": "キャリブレーション中...",
  "firmware.calibration.progressLabel": "キャリブレーションの進行状況",
  "firmware.calibration.connectFirst": "まずグラスを接続してください。",
  "firmware.calibration.ready": "キャリブレーションの準備ができました。",
  "firmware.calibration.starting": "モーションセンサーを起動しています...",
  "firmware.calibration.waiting": "グラスが静止するのを待っています...",
  "firmware.calibration.collecting": "キャリブレーション中です。グラスを動かさないでください...",
  "firmware.calibration.moving": "グラスが動きました。静止すると、キャリブレーションを最初からやり直します。",
  "firmware.calibration.saving": "キャリブレーションをグラスに保存しています...",
  "firmware.calibration.done": "キャリブレーションが完了しました。",
  "firmware.calibration.restarts": "グラスが動いたためにやり直した回数: {count}",
  "firmware.calibration.gyroBias": "ジャイロのバイアス",
  "firmware.calibration.gravity": "重力",
  "firmware.calibration.errorMotion":
    "グラスが動き続けました。平らで安定した場所に置いて、もう一度お試しください。",
  "firmware.calibration.errorNoData":
    "グラスからモーションデータが届かなくなりました。再接続して、もう一度お試しください。",
  "firmware.calibration.errorImplausible":
    "センサーの値が正しくありません。レンズを上にして平らに置き、もう一度お試しください。",
  "firmware.calibration.errorReadback":
    "グラスにキャリブレーションが保存されませんでした。もう一度お試しください。",
  "firmware.calibration.errorDisconnected":
    "キャリブレーション中にグラスの接続が切れました。再接続して、もう一度お試しください。",
  "firmware.calibration.errorTimeout": "グラスが応答しなくなりました。再接続して、もう一度お試しください。",
  "firmware.calibration.errorFailed": "キャリブレーションに失敗しました。もう一度お試しください。",

  "firmware.update.title": "ファームウェア更新",
  "firmware.update.instructionsTitle": "始める前に",
  "firmware.update.noOtherApps":
    "グラスを使用している他のアプリを閉じてください。グラスは一度に1つのアプリでしか使えません。",
  "firmware.update.ultraWindows": "Windows の {name} は、デスクトップアプリとそのドライバーで更新します。",
  "firmware.update.noUnplug": "更新中はグラスを抜いたり、このページを再読み込みしたりしないでください。",
  "firmware.update.troubleIntro": "うまくいかない場合は",
  "firmware.update.troubleLink": "トラブルシューティングをご覧ください",
  "firmware.update.unplugAfter": "「更新に成功しました」と表示されてから、グラスを抜いてください。",
  "firmware.update.tipsTitle": "ヒント",
  "firmware.update.tipCalibrate": "更新後は、グラスをもう一度キャリブレーションしてください:",
  "firmware.update.tipReleaseNotes": "各バージョンの変更内容:",
  "firmware.update.releaseNotesLink": "リリースノート",
  "firmware.update.stepTitle": "更新",
  "firmware.update.ultraWindowsNote":
    "Windows で {name} を更新するには、デスクトップアプリとそのドライバーが必要です。インストールして、そちらから更新してください。",
  "firmware.update.listFailed": "ファームウェアのバージョンを読み込めませんでした。",
  "firmware.update.noVersions": "このグラスのファームウェアはまだありません。",
  "firmware.update.version": "ファームウェアバージョン",
  "firmware.update.versionOption": "{version}({date})",
  "firmware.update.versionOptionInstalled": "{version}({date})インストール済み",
  "firmware.update.releaseDate": "リリース日:",
  "firmware.update.releaseNotes": "{version} の新機能",
  "firmware.update.update": "更新",
  "firmware.update.updating": "更新中...",
  "firmware.update.progressLabel": "更新の進行状況",
  "firmware.update.connectFirst": "まずグラスを接続してください。",
  "firmware.update.ready": "更新の準備ができました。",
  "firmware.update.downloading": "ファームウェア {version} をダウンロードしています...",
  "firmware.update.checking": "ファームウェアとグラスを確認しています...",
  "firmware.update.preparing": "グラスを準備しています...",
  "firmware.update.writing": "ファームウェアをグラスに書き込んでいます...",
  "firmware.update.verifying": "グラスがファームウェアを検証しています...",
  "firmware.update.activating": "新しいファームウェアを有効にしています...",
  "firmware.update.restarting": "グラスを再起動しています...",
  "firmware.update.confirming": "グラスが新しいファームウェアを確定するのを待っています...",
  "firmware.update.done": "更新が完了しました。",
  "firmware.update.failed": "更新に失敗しました。",
  "firmware.result.successTitle": "更新に成功しました",
  "firmware.result.successText": "ファームウェアが選択したバージョンに更新されました。",
  "firmware.result.successDetail":
    "グラスはファームウェア {version} で動作しています。グラスを抜いても大丈夫です。",
  "firmware.result.failedTitle": "更新に失敗しました",
  "firmware.result.failedText": "もう一度お試しください。",
  "firmware.result.refresh": "再読み込み",
  "firmware.result.close": "閉じる",
  "firmware.result.download":
    "ファームウェアをダウンロードできませんでした。インターネット接続を確認してください。",
  "firmware.result.damagedDownload":
    "ダウンロードしたファームウェアが破損していたため、グラスには何も送信していません。",
  "firmware.result.disconnected":
    "更新中にグラスの接続が切れました。グラスは以前のファームウェアで起動します。再接続してもう一度更新すると、続きから再開します。",
  "firmware.result.timeout": "グラスが応答しなくなりました。抜いて差し直してから、もう一度更新してください。",
  "firmware.result.wrongModel": "このファームウェアは別のモデルのグラス用です。",
  "firmware.result.verifyFailed":
    "グラスがファームウェアの破損を検出したため、以前のファームウェアのままです。",
  "firmware.result.rolledBack":
    "新しいファームウェアが起動しなかったため、グラスは以前のファームウェアに戻りました。",
  "firmware.result.chunkRefused":
    "グラスにファームウェアを保存できませんでした。以前のファームウェアで動作しています。",
  "firmware.result.rejected": "グラスがこのファームウェアファイルを受け付けません。",
  "firmware.result.aborted": "更新を中止しました。グラスは以前のファームウェアで動作しています。",
  "firmware.result.other": "更新中に問題が発生しました。グラスは以前のファームウェアで動作しています。",
  "firmware.trouble.title": "トラブルシューティング",
  "firmware.trouble.notListed":
    "ブラウザーの一覧にグラスが表示されない: ハブを使わずコンピューターに直接接続し、Chrome または Edge のバージョン98以降を使っていることを確認してください。",
  "firmware.trouble.inUse":
    "グラスを開けない: デスクトップアプリや、グラスを使用している他のタブを閉じてください。",
  "firmware.trouble.linux":
    "Linux では、ブラウザーがグラスを開くために udev ルールが必要です。「接続」で手順を案内します。",
  "firmware.trouble.failed":
    "更新に失敗した: グラスは以前のファームウェアのままです。再接続してもう一度更新すると、止まったところから続きます。",
  "firmware.trouble.cable": "グラスに付属のケーブルをお使いください。充電専用のケーブルもあります。",

  "firmware.color.pageTitle": "カラー調整",
  "firmware.color.intro":
    "グラスのカラー設定とダイナミックライトストリップを調整できます。変更はグラスにリアルタイムでプレビューされます。保持するには「適用」を選んでください。",
  "firmware.help.title": "XRグラスのモデルを確認する方法",
  "firmware.help.body":
    "モデルはテンプル(つる)の内側に記載されています。次のいずれかのコードを探してください:",
  "firmware.help.tableCaption": "グラスのモデルとコード",
  "firmware.help.product": "グラス",
  "firmware.help.code": "モデル",
  "firmware.color.title": "カラー調整",
  "firmware.color.mode": "カラーモード",
  "firmware.color.modeTrueColor": "トゥルーカラー",
  "firmware.color.modeVivid": "ビビッド",
  "firmware.color.modeFilm": "フィルム",
  "firmware.color.modeWarm": "ウォーム",
  "firmware.color.modeCold": "クール",
  "firmware.color.red": "赤",
  "firmware.color.green": "緑",
  "firmware.color.blue": "青",
  "firmware.color.contrast": "コントラスト",
  "firmware.color.gamma": "ガンマ",
  "firmware.color.temperature": "色温度",
  "firmware.color.reset": "リセット",
  "firmware.color.apply": "適用",
  "firmware.color.notApplied": "未適用",
  "firmware.color.applied": "適用しました。グラスはこのカラー設定を保持します。",
  "firmware.color.applyFailed": "設定を適用できませんでした。グラスを再接続して、もう一度お試しください。",
  "firmware.color.loadFailed": "グラスから設定を読み込めませんでした。再接続して、もう一度お試しください。",
  "firmware.strip.title": "ダイナミックライトストリップ",
  "firmware.strip.intro":
    "ライトストリップは5秒間のループを再生します。1秒ごとに6つのセクションの明るさを設定できます。",
  "firmware.strip.power": "ダイナミックライトストリップを使うと消費電力が増えます。",
  "firmware.strip.seconds": "ループの秒",
  "firmware.strip.second": "{n}秒目",
  "firmware.strip.section": "セクション{n}",
  "firmware.strip.reset": "リセット",
  "firmware.strip.apply": "適用",
  "firmware.strip.applied": "適用しました。グラスはこのライトストリップを保持します。",
  "firmware.switches.title": "ディスプレイ",
  "firmware.switches.failed": "設定を変更できませんでした。グラスを再接続して、もう一度お試しください。",
  "firmware.wearer.label": "装着検出",
  "firmware.wearer.description":
    "オンにすると、グラスを外してから1分後にディスプレイがオフになり、もう一度かけるか再接続するとオンに戻ります。",
  "firmware.wearer.worn": "グラスを装着しています。",
  "firmware.wearer.removed": "グラスを外しています。",
  "firmware.wearer.displayOn": "ディスプレイはオンです。",
  "firmware.wearer.displayOff": "ディスプレイはオフです。",
  "firmware.hca.label": "高色精度モード",
  "firmware.hca.description":
    "オン・オフを切り替えるとグラスが再起動します。このページは自動的に再接続します。",
  "firmware.hca.restarting": "グラスを再起動しています...",
  "firmware.hca.doneOn": "高色精度モードをオンにしてグラスが再起動しました。",
  "firmware.hca.doneOff": "高色精度モードをオフにしてグラスが再起動しました。",
  "firmware.hca.failed": "再起動後にグラスが戻りませんでした。再接続して、もう一度お試しください。",

  // ブルーライト軽減
  "firmware.blueLight.label": "ブルーライト軽減",
  "firmware.blueLight.description":
    "ブルーライトを抑えて、長時間でも目にやさしく視聴できます。設定はグラスに保存されます。",
} as const satisfies Record<keyof typeof firmwareEnUS, string>;
