/**
 * The glasses tools (spec 001 §2, §8, §9): calibration, firmware update, colour tuning. Spread
 * into the en-US catalogue; the texts of spec 001 §8 are word for word.
 */
export const firmwareEnUS = {
  "firmware.nav.calibration": "IMU Calibration",
  "firmware.nav.update": "Firmware Update",
  "firmware.nav.color": "Color Tuning",
  "firmware.notes.chrome": "Use Chrome or Edge 98 or later.",
  "firmware.progress.percent": "{percent}%",

  // Connect step, shared by the three tools
  "firmware.connect.title": "Connect Your XR Glasses",
  "firmware.connect.intro":
    "Plug the glasses into this computer with their USB-C cable, choose their type, then choose Connect and pick them in the browser's list.",
  "firmware.connect.type": "Glasses type",
  "firmware.connect.connect": "Connect",
  "firmware.connect.connecting": "Connecting...",
  "firmware.connect.reconnect": "Reconnect",
  "firmware.connect.disconnect": "Disconnect",
  "firmware.connect.simulated": "Try with simulated glasses",
  "firmware.connect.simulatedHint":
    "No glasses at hand? Simulated glasses of the chosen type work like a real pair, inside this page.",
  "firmware.connect.noWebHidTitle": "This browser cannot connect to the glasses.",
  "firmware.connect.noWebHid":
    "The tools need WebHID: use Chrome or Edge 98 or later on a computer, on a page served over HTTPS or from localhost. You can still try every tool with simulated glasses.",
  "firmware.status.disconnected": "Not connected.",
  "firmware.status.connecting": "Connecting to the glasses...",
  "firmware.status.connected": "Connected.",
  "firmware.status.connectedSimulated": "Connected to simulated glasses.",
  "firmware.status.restarting": "The glasses are restarting; they reconnect by themselves...",
  "firmware.status.lost": "The glasses were disconnected. Plug them in again, then choose Reconnect.",
  "firmware.panel.title": "Connected glasses",
  "firmware.panel.productName": "Product name",
  "firmware.panel.firmwareVersion": "Firmware version",
  "firmware.panel.serialNumber": "Serial number",
  "firmware.panel.model": "Model",
  "firmware.panel.simulated": "Simulated",
  "firmware.problem.linuxPermission":
    "Linux did not let this browser open the glasses. Give your user access to them with a udev rule:",
  "firmware.problem.udevCreate": "Create the file {file} with this line:",
  "firmware.problem.udevReload": "Reload the rules:",
  "firmware.problem.udevReplug": "Unplug the glasses, plug them in again, and choose Connect.",
  "firmware.problem.openFailed":
    "The glasses could not be opened. Close other apps that use them (such as the desktop app or another browser tab), then try again.",
  "firmware.problem.noAnswer": "The glasses do not answer. Unplug them, plug them in again and retry.",
  "firmware.problem.notFound": "The glasses were not found. Check the cable, plug them in again and retry.",
  "firmware.problem.unsupportedDevice": "These glasses are not supported by this tool.",
  "firmware.problem.calibrationNotSupported":
    "The {name} needs no IMU calibration and is not supported by this tool.",
  "firmware.problem.failed": "Connecting to the glasses failed. Unplug them, plug them in again and retry.",

  // The in-page simulated glasses
  "firmware.sim.title": "Simulated glasses",
  "firmware.sim.note":
    "These glasses live in this page. See what the tools do when you take them off, move them or unplug them.",
  "firmware.sim.takeOff": "Take the glasses off",
  "firmware.sim.putOn": "Put the glasses on",
  "firmware.sim.shake": "Move the glasses",
  "firmware.sim.shaking": "Moving...",
  "firmware.sim.unplug": "Unplug",
  "firmware.sim.plug": "Plug in",

  // Calibration
  "firmware.calibration.title": "IMU Calibration",
  "firmware.calibration.noteUltra": "The {name} needs no IMU calibration and is not supported.",
  "firmware.calibration.stepTitle": "Calibrate",
  "firmware.calibration.keepStill":
    "Put the glasses on a flat, steady surface and keep them still until the calibration finishes. If they move, it starts again.",
  "firmware.calibration.calibrate": "Calibrate",
  "firmware.calibration.calibrating": "Calibrating...",
  "firmware.calibration.progressLabel": "Calibration progress",
  "firmware.calibration.connectFirst": "Connect your glasses first.",
  "firmware.calibration.ready": "Ready to calibrate.",
  "firmware.calibration.starting": "Starting the motion sensor...",
  "firmware.calibration.waiting": "Waiting for the glasses to be still...",
  "firmware.calibration.collecting": "Calibrating. Keep the glasses still...",
  "firmware.calibration.moving": "The glasses moved. Calibration starts again when they are still.",
  "firmware.calibration.saving": "Saving the calibration to the glasses...",
  "firmware.calibration.done": "Calibration complete.",
  "firmware.calibration.restarts": "Restarts because the glasses moved: {count}",
  "firmware.calibration.gyroBias": "Gyroscope bias",
  "firmware.calibration.gravity": "Gravity",
  "firmware.calibration.errorMotion":
    "The glasses kept moving. Put them on a flat, steady surface and try again.",
  "firmware.calibration.errorNoData":
    "The glasses stopped sending motion data. Reconnect them and try again.",
  "firmware.calibration.errorImplausible":
    "The sensor readings are implausible. Put the glasses flat, lenses up, and try again.",
  "firmware.calibration.errorReadback": "The glasses did not keep the calibration. Try again.",
  "firmware.calibration.errorDisconnected":
    "The glasses were disconnected during the calibration. Reconnect them and try again.",
  "firmware.calibration.errorTimeout": "The glasses stopped answering. Reconnect them and try again.",
  "firmware.calibration.errorFailed": "The calibration failed. Try again.",

  // Firmware update
  "firmware.update.title": "Firmware Update",
  "firmware.update.instructionsTitle": "Before you start",
  "firmware.update.noOtherApps":
    "Close other apps that use the glasses: they can be used by one app at a time.",
  "firmware.update.ultraWindows": "The {name} on Windows is updated with the desktop app and its driver.",
  "firmware.update.noUnplug": "Do not unplug the glasses or refresh this page during the update.",
  "firmware.update.troubleIntro": "Something not working?",
  "firmware.update.troubleLink": "See troubleshooting",
  "firmware.update.unplugAfter": "Unplug the glasses only after the Update Successful message.",
  "firmware.update.tipsTitle": "Tips",
  "firmware.update.tipCalibrate": "After updating, calibrate the glasses again:",
  "firmware.update.tipReleaseNotes": "What changed in each version:",
  "firmware.update.releaseNotesLink": "Release notes",
  "firmware.update.stepTitle": "Update",
  "firmware.update.ultraWindowsNote":
    "On Windows, the {name} needs the desktop app with its driver to update. Install it and update from there.",
  "firmware.update.listFailed": "The firmware versions could not be loaded.",
  "firmware.update.noVersions": "No firmware is available for these glasses yet.",
  "firmware.update.version": "Firmware version",
  "firmware.update.versionOption": "{version} ({date})",
  "firmware.update.versionOptionInstalled": "{version} ({date}), installed",
  "firmware.update.releaseDate": "Release date:",
  "firmware.update.releaseNotes": "What's new in {version}",
  "firmware.update.update": "Update",
  "firmware.update.updating": "Updating...",
  "firmware.update.progressLabel": "Update progress",
  "firmware.update.connectFirst": "Connect your glasses first.",
  "firmware.update.ready": "Ready to update.",
  "firmware.update.downloading": "Downloading firmware {version}...",
  "firmware.update.checking": "Checking the firmware and the glasses...",
  "firmware.update.preparing": "Preparing the glasses...",
  "firmware.update.writing": "Writing the firmware to the glasses...",
  "firmware.update.verifying": "The glasses are verifying the firmware...",
  "firmware.update.activating": "Activating the new firmware...",
  "firmware.update.restarting": "The glasses are restarting...",
  "firmware.update.confirming": "Waiting for the glasses to confirm the new firmware...",
  "firmware.update.done": "Update complete.",
  "firmware.update.failed": "The update failed.",
  "firmware.result.successTitle": "Update Successful",
  "firmware.result.successText": "Your firmware has been upgraded to the selected version.",
  "firmware.result.successDetail": "The glasses now run firmware {version}. You can unplug them now.",
  "firmware.result.failedTitle": "Update Failed",
  "firmware.result.failedText": "Please try again.",
  "firmware.result.refresh": "Refresh",
  "firmware.result.close": "Close",
  "firmware.result.download": "The firmware could not be downloaded. Check your internet connection.",
  "firmware.result.damagedDownload":
    "The downloaded firmware was damaged, so nothing was sent to the glasses.",
  "firmware.result.disconnected":
    "The glasses were disconnected during the update. They still start with their previous firmware; reconnect them and update again to continue.",
  "firmware.result.timeout":
    "The glasses stopped answering. Unplug them, plug them in again and update again.",
  "firmware.result.wrongModel": "This firmware is for another model of glasses.",
  "firmware.result.verifyFailed": "The glasses found the firmware damaged and kept their previous firmware.",
  "firmware.result.rolledBack":
    "The new firmware did not start, so the glasses went back to their previous firmware.",
  "firmware.result.chunkRefused":
    "The glasses could not store the firmware. Their previous firmware still runs.",
  "firmware.result.rejected": "The glasses do not accept this firmware file.",
  "firmware.result.aborted": "The update was cancelled. The glasses still run their previous firmware.",
  "firmware.result.other":
    "Something went wrong during the update. The glasses still run their previous firmware.",
  "firmware.trouble.title": "Troubleshooting",
  "firmware.trouble.notListed":
    "The glasses are not in the browser's list: plug them straight into the computer (not through a hub) and make sure you use Chrome or Edge 98 or later.",
  "firmware.trouble.inUse":
    "The glasses cannot be opened: close the desktop app and other tabs that use them.",
  "firmware.trouble.linux":
    "On Linux, the browser needs a udev rule to open the glasses; Connect explains how.",
  "firmware.trouble.failed":
    "An update failed: the glasses keep their previous firmware. Reconnect them and update again; it continues where it stopped.",
  "firmware.trouble.cable": "Use the cable that came with the glasses; some cables carry power only.",

  // Colour tuning
  "firmware.color.pageTitle": "Color Tuning",
  "firmware.color.intro":
    "Tune the color settings and the dynamic light strip of your glasses. Every change is previewed on the glasses in real time; choose Apply to keep it.",
  "firmware.help.title": "How to check your XR Glasses model?",
  "firmware.help.body": "The model is printed on the inside of the temple arm. Look for one of these codes:",
  "firmware.help.tableCaption": "Glasses models and their codes",
  "firmware.help.product": "Glasses",
  "firmware.help.code": "Model",
  "firmware.color.title": "Color Adjustment",
  "firmware.color.mode": "Color Mode",
  "firmware.color.modeTrueColor": "True Color",
  "firmware.color.modeVivid": "Vivid",
  "firmware.color.modeFilm": "Film",
  "firmware.color.modeWarm": "Warm",
  "firmware.color.modeCold": "Cold",
  "firmware.color.red": "Red",
  "firmware.color.green": "Green",
  "firmware.color.blue": "Blue",
  "firmware.color.contrast": "Contrast",
  "firmware.color.gamma": "Gamma",
  "firmware.color.temperature": "Temperature",
  "firmware.color.reset": "Reset",
  "firmware.color.apply": "Apply",
  "firmware.color.notApplied": "Not applied yet",
  "firmware.color.applied": "Applied. The glasses keep these color settings.",
  "firmware.color.applyFailed": "The settings could not be applied. Reconnect the glasses and try again.",
  "firmware.color.loadFailed":
    "The settings could not be read from the glasses. Reconnect them and try again.",
  "firmware.strip.title": "Dynamic Light Strip",
  "firmware.strip.intro":
    "The light strip plays a 5-second loop. Set the brightness of its six sections for each second.",
  "firmware.strip.power": "The dynamic light strip increases power consumption.",
  "firmware.strip.seconds": "Seconds of the loop",
  "firmware.strip.second": "Second {n}",
  "firmware.strip.section": "Section {n}",
  "firmware.strip.reset": "Reset",
  "firmware.strip.apply": "Apply",
  "firmware.strip.applied": "Applied. The glasses keep this light strip.",
  "firmware.switches.title": "Display",
  "firmware.switches.failed": "The setting could not be changed. Reconnect the glasses and try again.",
  "firmware.wearer.label": "Wearer Detection",
  "firmware.wearer.description":
    "When on, the display turns off one minute after you take the glasses off, and comes back on when you wear them again or reconnect them.",
  "firmware.wearer.worn": "The glasses are worn.",
  "firmware.wearer.removed": "The glasses are off.",
  "firmware.wearer.displayOn": "The display is on.",
  "firmware.wearer.displayOff": "The display is off.",
  "firmware.hca.label": "High Color Accuracy Mode",
  "firmware.hca.description": "Turning it on or off restarts the glasses; this page reconnects by itself.",
  "firmware.hca.restarting": "The glasses are restarting...",
  "firmware.hca.doneOn": "The glasses restarted with High Color Accuracy Mode on.",
  "firmware.hca.doneOff": "The glasses restarted with High Color Accuracy Mode off.",
  "firmware.hca.failed": "The glasses did not come back after the restart. Reconnect them and try again.",

  // Blue light protection
  "firmware.blueLight.label": "Blue Light Protection",
  "firmware.blueLight.description":
    "Softens blue light for comfortable viewing over long sessions. The glasses keep the setting.",
} as const;
